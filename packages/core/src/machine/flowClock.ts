/** The timer functions the flow runners need; the client's Clock and a fake clock both fit. */
export interface FlowClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
