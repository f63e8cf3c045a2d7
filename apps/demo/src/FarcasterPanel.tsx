import { useFarcaster, useLatch } from '@latch/react';
import { type ReactNode, useState } from 'react';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The demo's Farcaster (issue #31): the user's fid, link and unlink, and the signer held in the wallet frame —
 * request it (AWAITING_FARCASTER_SIGNER), then sign a message with it after the frame's confirmation.
 */
export function FarcasterPanel(): ReactNode {
  const latch = useLatch();
  const farcaster = useFarcaster();
  const [status, setStatus] = useState('');
  const [message, setMessage] = useState('0x48656c6c6f2c204661726361737465722e');
  const [signature, setSignature] = useState('');
  if (!latch.user || !latch.config?.loginMethods.includes('farcaster')) return null;
  const account = latch.user.farcaster;
  const unlink = (fid: number) => {
    setStatus('');
    farcaster.unlink(fid).then(
      () => setStatus('Unlinked Farcaster'),
      (error: unknown) => setStatus(`Unlink Farcaster: ${errorText(error)}`),
    );
  };
  const sign = () => {
    setSignature('');
    farcaster.sign(message).then(setSignature, (error: unknown) => setStatus(`Sign: ${errorText(error)}`));
  };
  return (
    <section className="card" aria-labelledby="farcaster-title" data-testid="farcaster">
      <h2 id="farcaster-title">Farcaster</h2>
      <p>
        fid: <span data-testid="farcaster-fid">{account ? String(account.fid) : 'not linked'}</span>{' '}
        {account ? (
          <button type="button" onClick={() => unlink(account.fid)}>
            Unlink Farcaster
          </button>
        ) : (
          <button type="button" onClick={() => farcaster.link()}>
            Link Farcaster
          </button>
        )}
      </p>
      {account ? (
        <>
          <p>
            Signer: <span data-testid="farcaster-signer">{account.signerPublicKey ?? 'none'}</span>{' '}
            <button type="button" onClick={() => farcaster.requestSigner()}>
              Add a Farcaster signer
            </button>
          </p>
          {account.signerPublicKey ? (
            <p>
              <label>
                Bytes to sign (hex) <input value={message} onChange={(event) => setMessage(event.target.value)} />
              </label>{' '}
              <button type="button" onClick={sign}>
                Sign with the Farcaster signer
              </button>
            </p>
          ) : null}
          {signature ? (
            <p>
              Signature: <code data-testid="farcaster-signature">{signature}</code>
            </p>
          ) : null}
        </>
      ) : null}
      {status ? <p data-testid="farcaster-status">{status}</p> : null}
    </section>
  );
}
