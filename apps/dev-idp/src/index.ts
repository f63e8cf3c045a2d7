/**
 * @latch/dev-idp — development stand-ins for the social-login providers: npm start and tests only.
 *
 *   const idp = await startDevIdp({ redirectUris: [`${publicUrl}/api/v1/oauth/callback`] });
 *   const google = idp.providers.google!;   // { endpoints, clientId, clientSecret, tokenEndpointAuth, scopes, hooks }
 *   // …the server's init answers an authorization URL for google.endpoints.authorization…
 *   const answer = await idp.followLogin(authorizationUrl, { email: 'ada@example.com', name: 'Ada' });
 *   // answer.params: { code, state } (or { error: 'access_denied' } after { cancel: true }); Apple: method POST.
 *   google.tamperNextIdToken({ aud: 'someone-else' });   // or nonce / expired / unknownKey
 *   google.failNextToken({ status: 429, error: 'slow_down' });  google.failNextToken('hang');
 *   idp.telegram.sign({ id: 42, first_name: 'Ada' });    // a Telegram login result, signed with the bot token
 *   await idp.customIssuer.mint({ sub: 'user-1' }, { alg: 'ES256' });
 *   idp.turnstile;   // { scriptUrl, siteverifyUrl, issue({ hostname, siteKey?, action? }) } (Turnstile stand-in; TURNSTILE_KEYS)
 *   idp.moonPay;   // { widgetUrl, sandboxWidgetUrl, apiUrl, publishableKey, secretKey, sandbox… } (MoonPay stand-in)
 *   await idp.close();
 *
 * Token-endpoint client auth per provider (idp.providers[p].tokenEndpointAuth): twitter 'basic'; apple,
 * linkedin, instagram, tiktok 'post'; google, github, discord, spotify 'either'. TikTok needs `client_key`
 * (authorize and token); Apple needs response_mode=form_post and an ES256 client-secret JWT
 * (iss team id, sub client id, aud endpoints.issuer, kid key id). See README.md in this folder.
 */
export type { DevCustomIssuer, MintOptions } from './customIssuer.js';
export type { DevIdpDescription } from './describeDevIdp.js';
export { describeDevIdp } from './describeDevIdp.js';
export type { DevIdRegistry } from './farcaster/idRegistryChain.js';
export { deployIdRegistry } from './farcaster/idRegistryChain.js';
export type { AuthorizationResponse, LoginChoice } from './followLogin.js';
export { followLogin } from './followLogin.js';
export type { DevMoonPay, StandInTransaction } from './moonPay.js';
export { DEFAULT_AMOUNT, PENDING_POLLS } from './moonPay.js';
export { MOONPAY_PAYER_ADDRESS } from './moonPayPayer.js';
export type { EndpointFailure, IdTokenTamper } from './StandIn.js';
export type { DevIdp, DevIdpAppleProvider, DevIdpOptions, DevIdpProvider } from './startDevIdp.js';
export { startDevIdp } from './startDevIdp.js';
export type { DevTelegramBot, TelegramUser } from './telegram.js';
export { signTelegramResult } from './telegram.js';
export type { DevTurnstile } from './turnstile.js';
export { TURNSTILE_KEYS, TURNSTILE_TOKEN_TTL_MS } from './turnstile.js';
