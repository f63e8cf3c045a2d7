// The files the fresh-app e2e writes into the apps it makes (freshAppVite.spec.ts, freshAppNext.spec.ts): the
// host's page, and the plain Node scripts of its backend. The provider and wagmi setup come from docs/install.md
// (freshAppDocs.ts).
import type { TestApp } from './support.js';

/** What the page signs with wagmi. */
export const SIGNED_MESSAGE = 'Hello from a fresh app';

/**
 * The host's component under the providers: Log in, then the user, wagmi's account (connected by Latch, never by
 * this page), the identity and access tokens, and a wagmi `useSignMessage` button. `'use client'` because it
 * calls hooks (Next.js's rule for any hook; Vite ignores it).
 */
export const ACCOUNT_TSX = `'use client'
import { useState } from 'react'
import { useIdentityToken, useLatch } from '@latch/react'
import { useAccount, useSignMessage } from 'wagmi'

export function Account() {
  const { ready, authenticated, user, login, getAccessToken } = useLatch()
  const { identityToken } = useIdentityToken()
  const { address, status } = useAccount()
  const { signMessageAsync } = useSignMessage()
  const [token, setToken] = useState<string | null>(null)
  const [signature, setSignature] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  if (!authenticated) {
    return (
      <button type="button" disabled={!ready} onClick={() => login()}>
        Log in
      </button>
    )
  }
  const sign = () =>
    signMessageAsync({ message: ${JSON.stringify(SIGNED_MESSAGE)} }).then(setSignature, (failure: Error) =>
      setError(failure.message),
    )
  return (
    <>
      <p data-testid="user-id">{user?.id}</p>
      <p data-testid="wagmi-status">{status}</p>
      <p data-testid="wagmi-address">{address}</p>
      {identityToken && <pre data-testid="identity-token">{identityToken}</pre>}
      <button type="button" onClick={() => void getAccessToken().then(setToken)}>
        Show token
      </button>
      {token && <pre data-testid="token">{token}</pre>}
      <button type="button" onClick={() => void sign()}>
        Sign with wagmi
      </button>
      {signature && <pre data-testid="signature">{signature}</pre>}
      {error && <pre data-testid="error">{error}</pre>}
    </>
  )
}
`;

/** The documented provider lines (`<app id>`, `<client id>`, the API URL) with the test app's values. */
export function withAppIds(code: string, app: TestApp, apiUrl: string): string {
  const filled = code
    .replace('"<app id>"', JSON.stringify(app.appId))
    .replace('"<client id>"', JSON.stringify(app.clientId))
    .replace('"https://auth.my-app.example"', JSON.stringify(apiUrl));
  if (filled.includes('<app id>') || filled.includes('my-app.example'))
    throw new Error(`placeholders left:\n${filled}`);
  return filled;
}

/** The Vite app's App.tsx: the documented provider around the documented wagmi providers, around the page. */
export const viteAppTsx = (app: TestApp, apiUrl: string) =>
  withAppIds(
    `import { LatchProvider } from '@latch/react'
import { Account } from './Account'
import { Providers } from './providers'

export default function App() {
  return (
    <LatchProvider appId="<app id>" clientId="<client id>" apiUrl="https://auth.my-app.example">
      <Providers>
        <Account />
      </Providers>
    </LatchProvider>
  )
}
`,
    app,
    apiUrl,
  );

/** Fails the template's tsc when @latch/react ships no types: the directive then has no error to expect. */
export const TYPE_PROBE = `import type { LatchProviderProps } from '@latch/react'

// @ts-expect-error appId is a string in @latch/react's declarations
export const probe: LatchProviderProps = { appId: 42, apiUrl: 'https://auth.example.com' }
`;

/** Plain Node, no TypeScript tooling: every built entry of every installed @latch package imports. */
export const IMPORT_ALL = `import { readFileSync } from 'node:fs'
const imported = []
for (const name of ['protocol', 'core', 'react', 'node']) {
  const pkg = JSON.parse(readFileSync(\`node_modules/@latch/\${name}/package.json\`, 'utf8'))
  const optional = Object.keys(pkg.peerDependenciesMeta ?? {})
  for (const [entry, target] of Object.entries(pkg.exports)) {
    if (!target.import) continue
    const specifier = \`@latch/\${name}\${entry.slice(1)}\`
    try {
      await import(specifier)
      imported.push(specifier)
    } catch (error) {
      // An entry for an optional peer the app did not install.
      if (error.code === 'ERR_MODULE_NOT_FOUND' && optional.some((peer) => error.message.includes(\`'\${peer}'\`))) continue
      throw error
    }
  }
}
console.log(JSON.stringify(imported))
`;

/** The host backend: verifies the browser's access token with @latch/node, as docs/node-sdk.md shows. */
export const VERIFY = `import { createLatchNode } from '@latch/node'
const [appId, apiUrl, token] = process.argv.slice(2)
const latch = createLatchNode({ appId, apiUrl })
console.log(JSON.stringify(await latch.verifyAccessToken(token)))
`;

/** The host backend: verifies the browser's identity token with @latch/node, as docs/install.md shows. */
export const VERIFY_IDENTITY = `import { createLatchNode } from '@latch/node'
const [appId, apiUrl, token] = process.argv.slice(2)
const latch = createLatchNode({ appId, apiUrl })
console.log(JSON.stringify(await latch.verifyIdentityToken(token)))
`;

/**
 * The host backend's webhook receiver: plain node:http, each delivery checked with @latch/node's verifyWebhook
 * (the secret read from a file, written once `apps webhooks add` printed it); prints one JSON line per request.
 */
export const WEBHOOK_BACKEND = `import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { verifyWebhook } from '@latch/node'
const secretFile = process.argv[2]
const server = createServer((request, response) => {
  let body = ''
  request.setEncoding('utf8')
  request.on('data', (chunk) => { body += chunk })
  request.on('end', () => {
    try {
      const event = verifyWebhook(body, request.headers, readFileSync(secretFile, 'utf8').trim())
      console.log(JSON.stringify({ verified: event }))
      response.writeHead(204).end()
    } catch (error) {
      console.log(JSON.stringify({ refused: error.code ?? String(error) }))
      response.writeHead(401).end()
    }
  })
})
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })))
`;
