import UAParser from 'ua-parser-js';

/**
 * Well-known authenticator AAGUIDs and their names, for SPEC §4's display name ('authenticator on
 * browser'). Taken from the community list github.com/passkeydeveloper/passkey-authenticator-aaguids
 * (aaguid.json / combined.json) and Yubico's published AAGUIDs; an AAGUID not listed here (or the
 * all-zero one many authenticators send with attestation 'none') gives no name.
 */
const AUTHENTICATOR_NAMES: Readonly<Record<string, string>> = {
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud Keychain (Managed)',
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  'b5397666-4885-aa6b-cebf-e52262a439a2': 'Chromium Browser',
  '771b48fd-d3d4-4f74-9232-fc157ab0507a': 'Edge on Mac',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '531126d6-e717-415c-9320-3d9aa6981239': 'Dashlane',
  'b84e4048-15dc-4dd0-8640-f4f60813c8af': 'NordPass',
  '0ea242b4-43c4-4a1b-8b17-dd6d0b6baec6': 'Keeper',
  '50726f74-6f6e-5061-7373-50726f746f6e': 'Proton Pass',
  'fdb141b2-5d84-443e-8a35-4698c205a502': 'KeePassXC',
  '53414d53-554e-4700-0000-000000000000': 'Samsung Pass',
  'cb69481e-8ff7-4039-93ec-0a2729a154a8': 'YubiKey 5 Series',
  'ee882879-721c-4913-9775-3dfcce97072a': 'YubiKey 5 Series',
  'fa2b99dc-9e39-4257-8f92-4a30d23c4118': 'YubiKey 5 Series with NFC',
  '2fc0579f-8113-47ea-b116-bb5a8db9202a': 'YubiKey 5 Series with NFC',
};

/** The display fields of a new passkey (SPEC §4 passkey accounts). */
interface PasskeyDisplay {
  authenticator_name: string | null;
  created_with_browser: string | null;
  created_with_os: string | null;
}

/** The authenticator's name for an AAGUID (lower-case UUID form), or null when it is not a known one. */
function authenticatorName(aaguid: string): string | null {
  return AUTHENTICATOR_NAMES[aaguid.toLowerCase()] ?? null;
}

/** The display fields of a passkey registered by an authenticator `aaguid` from a browser with `userAgent`. */
export function passkeyDisplay(aaguid: string, userAgent: string | undefined): PasskeyDisplay {
  const parsed = new UAParser(userAgent ?? '');
  return {
    authenticator_name: authenticatorName(aaguid),
    created_with_browser: parsed.getBrowser().name ?? null,
    created_with_os: parsed.getOS().name ?? null,
  };
}
