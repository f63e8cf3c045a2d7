/**
 * SPEC §5: Google refuses sign-in inside apps' embedded browsers ("disallowed_useragent"). Detected by the agent
 * strings of three social apps: Instagram ("Instagram"), Facebook ("FBAN" / "FBAV") and LinkedIn ("LinkedInApp").
 */
export const isInAppBrowser = (userAgent: string): boolean => /Instagram|FBA[NV]|LinkedInApp/.test(userAgent);
