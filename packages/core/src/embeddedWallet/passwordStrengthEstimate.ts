// zxcvbn-ts and its common-password dictionaries (~hundreds of kB) load only when a password is
// first typed: this module is reached from the lazy wallet-flow session alone.
let estimator: Promise<(password: string) => number> | null = null;

/** zxcvbn's generic strength estimate of `password`, 0..1 (its score 0–4 divided by 4). */
export function estimatePasswordStrength(password: string): Promise<number> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => {
      core.zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
      return (value: string) => core.zxcvbn(value).score / 4;
    },
  );
  // A failed load is retried on the next keystroke.
  estimator.catch(() => {
    estimator = null;
  });
  return estimator.then((estimate) => estimate(password));
}
