import { useLatch } from '@latch/react';
import { type ReactNode, useState } from 'react';

/**
 * The session hand-off (docs/client.md "Session hand-off"), by hand: a signed-out tab asks and shows its
 * challenge; a signed-in page forks its session for a pasted challenge and shows the link that carries the
 * one-time code back. Only the tab that asked can redeem that link.
 */
export function SessionHandOffPanel(): ReactNode {
  const latch = useLatch();
  const [challenge, setChallenge] = useState('');
  const [link, setLink] = useState('');
  const [error, setError] = useState('');
  const run = (work: () => Promise<void>) => {
    setError('');
    work().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  if (!latch.ready) return null;
  if (!latch.authenticated) {
    return (
      <section className="card" data-testid="hand-off">
        <button type="button" onClick={() => run(async () => setChallenge(await latch.requestSessionHandOff()))}>
          Ask for a session hand-off
        </button>
        {challenge ? <code data-testid="hand-off-challenge">{challenge}</code> : null}
        {error ? <p data-testid="hand-off-error">{error}</p> : null}
      </section>
    );
  }
  const handOff = async () => {
    const code = await latch.handOffSession(challenge.trim());
    // The same page (its query picks the demo's app), plus the code.
    const target = new URL(location.href);
    target.searchParams.set('latch_handoff', code);
    setLink(target.toString());
  };
  return (
    <section className="card" data-testid="hand-off">
      <label>
        Hand-off challenge <input value={challenge} onChange={(e) => setChallenge(e.target.value)} />
      </label>
      <button type="button" onClick={() => run(handOff)}>
        Hand off this session
      </button>
      {link ? (
        <a data-testid="hand-off-link" href={link}>
          {link}
        </a>
      ) : null}
      {error ? <p data-testid="hand-off-error">{error}</p> : null}
    </section>
  );
}
