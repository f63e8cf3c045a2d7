// The order vitest starts test files in. Its own order runs the longest first, but only once its cache holds a
// previous run's durations; a fresh clone has none, and it then starts the largest files first, which put the
// packaging checks (small files, the run's longest: they wait for the shared pack, then install and build apps)
// last, so the whole e2e project waited for them. These start first in their project, in this order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest e2e files, by the end of their paths. */
export const START_FIRST = ['e2e/freshAppNext.spec.ts', 'e2e/freshAppVite.spec.ts', 'e2e/serverTarball.spec.ts'];

/** Where `spec` stands in START_FIRST (after all of them when it is not there). */
const rank = (spec: TestSpecification) => {
  const at = START_FIRST.findIndex((path) => spec.moduleId.endsWith(path));
  return at < 0 ? START_FIRST.length : at;
};

/** Vitest's order, with the START_FIRST files moved to the front of their project's files. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), spec]);
    // Array.prototype.sort is stable: the others keep vitest's order.
    return [...byProject.values()].flatMap((specs) => specs.sort((a, b) => rank(a) - rank(b)));
  }
}
