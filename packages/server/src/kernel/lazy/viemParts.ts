// The parts of viem the server's eager modules use, in one module loaded on first use (loadViem): viem's
// entry costs ~250 ms of the server's start, and only wallet requests need it. The SIWE verifier
// (siwe/verifySiweMessage.ts) is itself loaded on the first sign-in and imports viem directly.
export { getAddress, verifyMessage } from 'viem';
