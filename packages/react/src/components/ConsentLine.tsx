import { showsImplicitConsent } from '@latch/core';
import type { AppConfig } from '@latch/protocol';
import type { ReactNode } from 'react';
import { useStrings } from '../hooks/index.js';

/**
 * The implicit consent line (SPEC §2): 'By logging in I agree to the Terms' with one terms link,
 * '... the Privacy Policy' with one privacy link, '... the Terms of Service & Privacy Policy' with both.
 */
export function ConsentLine({ legal }: { legal: AppConfig['legal'] }): ReactNode {
  const strings = useStrings();
  if (!showsImplicitConsent(legal)) return null;
  const { termsAndConditionsUrl: terms, privacyPolicyUrl: privacy } = legal;
  const link = (href: string, text: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
  return (
    <p className="latch-consent">
      {strings.consentPrefix}{' '}
      {terms && privacy ? (
        <>
          {link(terms, strings.termsOfService)} {strings.and} {link(privacy, strings.privacyPolicy)}
        </>
      ) : terms ? (
        link(terms, strings.terms)
      ) : privacy ? (
        link(privacy, strings.privacyPolicy)
      ) : null}
    </p>
  );
}
