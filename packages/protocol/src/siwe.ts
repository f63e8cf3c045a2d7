import * as v from 'valibot';
import { SIWE_MESSAGE_MAX_LENGTH } from './siweConstants.js';

const address = v.pipe(v.string(), v.trim(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 20-byte address'));
const captchaToken = v.optional(v.pipe(v.string(), v.maxLength(4096)));
const clientName = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64));
const positiveChainId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));

/** A chain id as CAIP-2 `eip155:<id>` or a plain number; the output is the number. */
export const ChainIdInput = v.union([
  positiveChainId,
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^(eip155:)?[1-9]\d{0,15}$/, 'Expected a chain id like eip155:1'),
    v.transform((text) => Number(text.replace(/^eip155:/, ''))),
    positiveChainId,
  ),
]);

/** POST /api/v1/siwe/init (SPEC §7 "Wallet signature": address, captcha token). */
export const SiweInitBody = v.object({ address, token: captchaToken });

/** POST /api/v1/siwe/authenticate and /link (SPEC §7: message, signature, chain id, wallet client type, connector type). */
export const SiweAuthenticateBody = v.object({
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(SIWE_MESSAGE_MAX_LENGTH)),
  signature: v.pipe(v.string(), v.trim(), v.regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'Expected a 0x-prefixed hex signature')),
  chainId: ChainIdInput,
  walletClientType: clientName,
  connectorType: clientName,
});

/** POST /api/v1/siwe/unlink (SPEC §7 Unlink table: address). */
export const SiweUnlinkBody = v.object({ address });

export type SiweInitBody = v.InferOutput<typeof SiweInitBody>;
export type SiweAuthenticateBody = v.InferOutput<typeof SiweAuthenticateBody>;
export type SiweUnlinkBody = v.InferOutput<typeof SiweUnlinkBody>;
