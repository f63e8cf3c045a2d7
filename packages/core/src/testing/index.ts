export {
  createFakeEip1193Provider,
  type FakeEip1193Provider,
  type FakeWalletAnswer,
} from '../externalWallets/testing/fakeEip1193Provider.js';
export { installTestWallet, type TestWalletPage } from '../externalWallets/testing/pageTestWallet.js';
export { serverAppConfig } from './appConfigFixture.js';
export { createFakeClock, type FakeClock } from './fakeClock.js';
export { createFakeFetch, type FakeAnswer, type FakeFetch, type RecordedRequest } from './fakeFetch.js';
export { makeAccessToken } from './tokens.js';
