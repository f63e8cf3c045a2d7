import { DEFAULTS } from '@latch/protocol';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAuthScreenStrings } from '../hooks/useAuthScreenStrings.js';
import { useClientState } from '../hooks/useClientState.js';

type PhoneLib = typeof import('libphonenumber-js/min');
let phoneLib: Promise<PhoneLib> | null = null;

/** Loads libphonenumber-js and its metadata once, on first use: it stays out of the initial bundle. */
export function loadPhoneLib(): Promise<PhoneLib> {
  phoneLib ??= import('libphonenumber-js/min');
  return phoneLib;
}

/** What the phone input reports (SPEC §3 "Phone input result"). */
export interface PhoneInputResult {
  rawPhoneNumber: string;
  /** E.164, e.g. +12015550123. */
  qualifiedPhoneNumber: string;
  countryCode: string;
  isValid: boolean;
}

/** Reads a typed number in a country: E.164 form and validity. */
export function readPhone(lib: PhoneLib, raw: string, country: string): PhoneInputResult {
  const parsed = lib.parsePhoneNumberFromString(raw, country as Parameters<PhoneLib['parsePhoneNumberFromString']>[1]);
  return {
    rawPhoneNumber: raw,
    qualifiedPhoneNumber: parsed?.number ?? '',
    countryCode: country,
    isValid: Boolean(parsed?.isValid()),
  };
}

function regionNames(): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
}

/** A country selector (country code and call code; the host's intl.defaultCountry, else US) and a number formatted as typed. */
export function PhoneInput(props: {
  onChange(result: PhoneInputResult): void;
  defaultCountry?: string;
  /** A number to start with (login({ prefill })); reported once the number rules have loaded. */
  defaultValue?: string;
  autoFocus?: boolean;
}): ReactNode {
  const strings = useAuthScreenStrings();
  const { config } = useClientState();
  const [lib, setLib] = useState<PhoneLib | null>(null);
  const [country, setCountry] = useState(props.defaultCountry ?? config?.intl?.defaultCountry ?? DEFAULTS.phoneCountry);
  const [raw, setRaw] = useState(props.defaultValue ?? '');
  // The number as it is now, for the rules' arrival: a prefill, or what the user typed before they loaded.
  const latestRaw = useRef(raw);
  const selectId = useId();
  const inputId = useId();

  // Once, on mount: the rules load; later props never replace what the user typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first values only.
  useEffect(() => {
    let live = true;
    void loadPhoneLib().then((loaded) => {
      if (!live) return;
      setLib(loaded);
      // The host's intl.defaultCountry is two letters, but not every pair is a country the input knows.
      let start = country;
      if (!loaded.isSupportedCountry(country)) {
        console.warn(
          `Latch: intl.defaultCountry "${country}" is not a supported country; ${DEFAULTS.phoneCountry} applies.`,
        );
        start = DEFAULTS.phoneCountry;
        setCountry(start);
      }
      // The number so far (a prefill, or digits typed while the rules loaded, which were not reported without
      // them) is valid or not now, before another keystroke: the form's Submit follows it.
      if (latestRaw.current) props.onChange(readPhone(loaded, latestRaw.current, start));
    });
    return () => {
      live = false;
    };
  }, []);

  const countries = useMemo(() => {
    if (!lib) return [{ code: country, label: country }];
    const names = regionNames();
    return lib
      .getCountries()
      .map((code) => ({ code, name: names?.of(code) ?? code, callCode: lib.getCountryCallingCode(code) }))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ code, name, callCode }) => ({ code, label: `${code} +${callCode}`, name }));
  }, [lib, country]);

  const display = lib ? new lib.AsYouType(country as Parameters<PhoneLib['getCountryCallingCode']>[0]).input(raw) : raw;

  const update = (nextRaw: string, nextCountry: string) => {
    latestRaw.current = nextRaw;
    setRaw(nextRaw);
    setCountry(nextCountry);
    if (lib) props.onChange(readPhone(lib, nextRaw, nextCountry));
  };

  return (
    <>
      <label className="latch-sr-only" htmlFor={selectId}>
        {strings.countryLabel}
      </label>
      <select id={selectId} value={country} onChange={(event) => update(raw, event.target.value)}>
        {countries.map((option) => (
          <option key={option.code} value={option.code} title={'name' in option ? option.name : undefined}>
            {option.label}
          </option>
        ))}
      </select>
      <label className="latch-sr-only" htmlFor={inputId}>
        {strings.phoneLabel}
      </label>
      <input
        id={inputId}
        type="tel"
        name="phone"
        autoComplete="tel-national"
        inputMode="tel"
        placeholder={strings.phoneLabel}
        value={display}
        // biome-ignore lint/a11y/noAutofocus: the screen exists to take this input.
        autoFocus={props.autoFocus}
        onChange={(event) => {
          let next = event.target.value.replace(/[^\d+]/g, '');
          // Deleting a formatting character alone must still delete a digit.
          if (event.target.value.length < display.length && next === raw.replace(/[^\d+]/g, ''))
            next = next.slice(0, -1);
          update(next, country);
        }}
      />
    </>
  );
}
