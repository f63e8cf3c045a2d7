import type { MfaEnrollmentEvent, MfaEnrollmentState } from '@latch/core';
import { canCreateMfaPasskey, mfaEnrollmentOptions, visibleMfaPasskeys } from '@latch/core/mfa';
import type { ReactNode } from 'react';
import { MfaEnrolledStep } from './MfaEnrolledStep.js';
import { MfaIntroStep } from './MfaIntroStep.js';
import { MfaMethodSelectStep } from './MfaMethodSelectStep.js';
import { MfaNoMethodsStep } from './MfaNoMethodsStep.js';
import { MfaPasskeyEnrollStep } from './MfaPasskeyEnrollStep.js';
import { MfaRecoveryCodesStep } from './MfaRecoveryCodesStep.js';
import { MfaRemoveConfirmStep } from './MfaRemoveConfirmStep.js';
import { MfaSmsCodeStep } from './MfaSmsCodeStep.js';
import { MfaSmsPhoneStep } from './MfaSmsPhoneStep.js';
import { MfaTotpEnrollStep } from './MfaTotpEnrollStep.js';

/** MFA_ENROLLMENT_FLOW_SCREEN's props: core's enrolment state and its dispatch. */
interface MfaEnrollmentFlowScreenProps {
  titleId: string;
  state: MfaEnrollmentState;
  dispatch(event: MfaEnrollmentEvent): void;
}

/**
 * MFA_ENROLLMENT_FLOW_SCREEN (SPEC §2): renders the step of core's enrolment flow (intro, method choice,
 * the method's own steps, removal confirmation, the recovery codes of a first enrolment, done, 'Add more
 * security'). The flow decides; this only
 * renders its state and sends the user's events.
 */
export function MfaEnrollmentFlowScreen({ titleId, state, dispatch }: MfaEnrollmentFlowScreenProps): ReactNode {
  const close = () => dispatch({ type: 'close' });
  const back = () => dispatch({ type: 'back' });
  // While the manage_mfa prompt is up or a call runs, the step waits.
  const busy = state.busy || state.verifying;
  const codeProps = {
    code: state.code,
    onCodeChange: (code: string) => dispatch({ type: 'codeChanged', code }),
    onSubmit: () => dispatch({ type: 'submit' }),
    error: state.codeError ?? state.error,
    busy,
  };
  const frame = { titleId, onClose: close };
  switch (state.step) {
    case 'intro':
      return <MfaIntroStep {...frame} onContinue={() => dispatch({ type: 'continue' })} onNotNow={close} />;
    case 'noMethods':
      return <MfaNoMethodsStep {...frame} />;
    case 'select':
      return (
        <MfaMethodSelectStep
          {...frame}
          options={mfaEnrollmentOptions(state)}
          onChoose={(method) => dispatch({ type: 'choose', method })}
          onRemove={(method) => dispatch({ type: 'remove', method })}
          error={state.error}
          busy={busy}
        />
      );
    case 'totp':
      return <MfaTotpEnrollStep {...frame} onBack={back} enrollment={state.totp} {...codeProps} />;
    case 'sms':
      return state.smsCodeSent ? (
        <MfaSmsCodeStep
          {...frame}
          onBack={back}
          phoneNumber={state.phone}
          onResend={() => {
            back();
            dispatch({ type: 'sendCode' });
          }}
          {...codeProps}
        />
      ) : (
        <MfaSmsPhoneStep
          {...frame}
          onBack={back}
          onSubmit={(phone) => {
            dispatch({ type: 'phoneChanged', phone });
            dispatch({ type: 'sendCode' });
          }}
          error={state.error}
          busy={busy}
        />
      );
    case 'passkey': {
      const { shown, more } = visibleMfaPasskeys(state);
      return (
        <MfaPasskeyEnrollStep
          {...frame}
          onBack={back}
          shown={shown}
          more={more}
          canCreate={canCreateMfaPasskey(state)}
          onCreate={() => dispatch({ type: 'createPasskey' })}
          onEnable={() => dispatch({ type: 'submit' })}
          error={state.error}
          busy={busy}
        />
      );
    }
    case 'confirmRemove':
      return state.method ? (
        <MfaRemoveConfirmStep
          {...frame}
          method={state.method}
          onConfirm={() => dispatch({ type: 'confirmRemove' })}
          onCancel={back}
          error={state.error}
          busy={busy}
        />
      ) : null;
    case 'recoveryCodes':
      return state.recoveryCodes ? (
        <MfaRecoveryCodesStep
          {...frame}
          codes={state.recoveryCodes}
          onContinue={() => dispatch({ type: 'continue' })}
        />
      ) : null;
    case 'done':
      return state.method ? (
        <MfaEnrolledStep {...frame} method={state.method} result={state.result ?? 'added'} onDone={close} />
      ) : null;
  }
}
