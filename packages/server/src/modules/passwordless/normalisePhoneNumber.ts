import { LatchError } from '@latch/protocol';
import { loadPhoneNumbers } from '../../kernel/lazy/loadPhoneNumbers.js';

/**
 * Validates a phone number given in international form (`+` and country code, as the widget submits
 * it) and returns it in E.164. Anything else — no country code, impossible for its country, an
 * extension — is 400 `invalid_data`.
 */
export async function normalisePhoneNumber(input: string): Promise<string> {
  const { parsePhoneNumberFromString } = await loadPhoneNumbers();
  const parsed = parsePhoneNumberFromString(input.trim());
  if (!parsed || parsed.ext || !parsed.isValid()) {
    throw new LatchError(
      'invalid_data',
      'Invalid value for phoneNumber: not a valid phone number in international form.',
    );
  }
  return parsed.number;
}
