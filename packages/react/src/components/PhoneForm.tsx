import { type ReactNode, useState } from 'react';
import { useFlowState, useLatchContext, useStrings } from '../hooks/index.js';
import { Button } from './Button.js';
import { PhoneInput, type PhoneInputResult } from './PhoneInput.js';

/**
 * The phone input with its Submit, disabled until the number is valid for its country (SPEC §5). It sends
 * the E.164 number to the login flow, or to `onPhone` (the MFA enrolment's phone step).
 */
export function PhoneForm({
  autoFocus,
  onPhone,
  busy: busyProp,
  submitLabel,
}: {
  autoFocus?: boolean;
  onPhone?: (phone: string) => void;
  busy?: boolean;
  submitLabel?: string;
}): ReactNode {
  const { runner } = useLatchContext();
  const strings = useStrings();
  const flow = useFlowState();
  const [phone, setPhone] = useState<PhoneInputResult | null>(null);
  const busy = busyProp ?? (flow.otp.status === 'sending-code' && flow.otp.channel === 'sms');
  const valid = Boolean(phone?.isValid);
  return (
    <form
      className="latch-field"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!phone?.isValid || busy) return;
        if (onPhone) onPhone(phone.qualifiedPhoneNumber);
        else runner.dispatch({ type: 'submitPhone', phone: phone.qualifiedPhoneNumber });
      }}
    >
      <PhoneInput
        onChange={setPhone}
        autoFocus={autoFocus}
        // login({ prefill: { type: 'phone' } }) fills the login's number (never the MFA enrolment's).
        defaultValue={!onPhone && flow.request?.prefill?.type === 'phone' ? flow.request.prefill.value : undefined}
      />
      <Button type="submit" variant="primary" disabled={!valid || busy} aria-busy={busy}>
        {submitLabel ?? strings.submit}
      </Button>
    </form>
  );
}
