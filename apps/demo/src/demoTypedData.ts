/** The EIP-712 typed data the demo's 'Sign typed data' button signs (also verified by the e2e). */
export const DEMO_TYPED_DATA = {
  domain: { name: 'Latch Demo', version: '1', chainId: 1 },
  types: {
    Greeting: [
      { name: 'from', type: 'string' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Greeting',
  message: { from: 'Latch demo', contents: 'Hello, typed data' },
} as const;
