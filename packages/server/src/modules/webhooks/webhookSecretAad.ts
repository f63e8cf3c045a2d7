/** The associated data an endpoint's secret is sealed with (`which`: the current or the previous one). */
export const webhookSecretAad = (appId: string, endpointId: string, which: 'current' | 'previous') =>
  `webhook-secret:${which}:${appId}:${endpointId}`;
