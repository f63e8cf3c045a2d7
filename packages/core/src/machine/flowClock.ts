/** The timer functions the flow runners need; the client's Clock and a fake clock both fit. */
export interface FlowClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Tests only: `after` delays run at ms × delayScale (Clock.delayScale); `after` timeouts never. */
  readonly delayScale?: number;
}
