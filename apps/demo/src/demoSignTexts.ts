/** The demo's own texts for the sign request screen of 'Sign with custom texts' (signMessage's `uiOptions`). */
export const DEMO_SIGN_TEXTS = {
  title: 'Confirm your demo login',
  description: 'The Latch demo asks you to sign this message. It costs nothing.',
  buttonText: 'Sign in to the demo',
};
