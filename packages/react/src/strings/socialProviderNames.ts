/** The social providers' names, capitalised as the providers write them: the same in every locale. */
export const socialProviderNames = {
  socialGoogle: 'Google',
  socialTwitter: 'Twitter',
  socialDiscord: 'Discord',
  socialGithub: 'GitHub',
  socialSpotify: 'Spotify',
  socialInstagram: 'Instagram',
  socialTiktok: 'TikTok',
  socialLinkedin: 'LinkedIn',
  socialApple: 'Apple',
  socialTelegram: 'Telegram',
  socialFarcaster: 'Farcaster',
} as const;
