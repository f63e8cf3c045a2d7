// The social login's lazily loaded chunk (screens/auth/socialChunk.ts): the landing's OAuth and Telegram
// buttons with the providers' marks, and the three social screens with their texts and styles.
import { injectSocialStyles } from '../../styles/socialCss.js';

injectSocialStyles();

export { SocialLoginButton } from '../../components/SocialLoginButton.js';
export { AwaitingOAuthScreen } from './AwaitingOAuthScreen.js';
export { InAppBrowserLoginNotPossibleScreen } from './InAppBrowserLoginNotPossibleScreen.js';
export { TelegramAuthScreen } from './TelegramAuthScreen.js';
