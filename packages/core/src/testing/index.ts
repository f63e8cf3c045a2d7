export { serverAppConfig } from './appConfigFixture.js';
export { createFakeFetch, type FakeAnswer, type FakeFetch, type RecordedRequest } from './fakeFetch.js';
export { makeAccessToken } from './tokens.js';
