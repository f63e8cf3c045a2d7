// The social login's lazily loaded chunk (screens/auth/socialChunk.ts): the landing's OAuth and Telegram
// buttons with the providers' marks, the three social screens and Farcaster's two, with their texts and styles.
import { injectSocialStyles } from '../../styles/socialCss.js';

injectSocialStyles();

export { SocialLoginButton } from '../../components/SocialLoginButton.js';
export { AwaitingFarcasterConnectionScreen } from './AwaitingFarcasterConnectionScreen.js';
export { AwaitingFarcasterSignerScreen } from './AwaitingFarcasterSignerScreen.js';
export { AwaitingOAuthScreen } from './AwaitingOAuthScreen.js';
export { InAppBrowserLoginNotPossibleScreen } from './InAppBrowserLoginNotPossibleScreen.js';
export { TelegramAuthScreen } from './TelegramAuthScreen.js';
