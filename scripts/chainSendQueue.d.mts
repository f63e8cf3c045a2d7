/** Types of chainSendQueue.mjs for the stack and its test. */
export declare function sendsTransaction(body: string): boolean;
export declare function startSendQueue(port: number, targetUrl: string): Promise<{ close(): Promise<void> }>;
