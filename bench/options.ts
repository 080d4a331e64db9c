/** Command-line options of `npm run bench`. */
export interface BenchOptions {
  /** MiB, cases 1–2. */
  readonly sizeMiB: number;
  /** MiB per attachment, case 3. */
  readonly attachmentMiB: number;
  /** Timed runs per client (alternating ours and curl). */
  readonly runs: number;
  readonly quick: boolean;
  readonly cases: ReadonlySet<number>;
  /** Write a CPU profile of each client child into this folder. */
  readonly profileDir?: string;
  /** Where the generated files and the sandbox data go. */
  readonly workDir?: string;
}

export const ALL_CASES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;

const FULL = { sizeMiB: 1024, attachmentMiB: 300, runs: 5 };
const QUICK = { sizeMiB: 32, attachmentMiB: 16, runs: 3 };

export const USAGE = `npm run bench -- [options]

  --quick               CI-sized: ${QUICK.sizeMiB} MiB files, ${QUICK.attachmentMiB} MiB attachments, ${QUICK.runs} runs
  --size <MiB>          file size for cases 1 (upload) and 2 (download); default ${FULL.sizeMiB}
  --attachment-size <MiB>  size of each of the three attachments of case 3; default ${FULL.attachmentMiB}
  --runs <N>            timed runs per client, alternating ours and curl; default ${FULL.runs}
  --cases 1,2,…         only these cases (1 upload, 2 download, 3 submission, 4 parsing,
                        5 tree rows, 6 round trips, 7 memory, 8 bundle, activation and
                        transfers inside VS Code (host harness), 9 Explorer decorations,
                        10 costs that grow with the work: records of 10,000 archived
                        files, details after uploads, 11 a 500-page PDF in the viewer
                        of the real workbench)
  --profile <dir>       write a CPU profile (--cpu-prof) of each run of our client to <dir>
  --work-dir <dir>      where the test files and the sandbox data go; default a temp folder
  --help`;

export function parseOptions(argv: readonly string[]): BenchOptions | 'help' {
  const quick = argv.includes('--quick');
  const base = quick ? QUICK : FULL;
  let sizeMiB = base.sizeMiB;
  let attachmentMiB = base.attachmentMiB;
  let runs = base.runs;
  let cases = new Set<number>(ALL_CASES);
  let profileDir: string | undefined;
  let workDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const positive = (v: string): number => {
      const n = Number(v);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${a} needs a positive number, not "${v}"`);
      return n;
    };
    switch (a) {
      case '--quick':
        break;
      case '--help':
      case '-h':
        return 'help';
      case '--size':
        sizeMiB = positive(value());
        break;
      case '--attachment-size':
        attachmentMiB = positive(value());
        break;
      case '--runs':
        runs = Math.max(1, Math.round(positive(value())));
        break;
      case '--cases': {
        const list = value().split(',').map((s) => Number(s.trim()));
        const bad = list.filter((n) => !(ALL_CASES as readonly number[]).includes(n));
        if (bad.length) throw new Error(`--cases: unknown case(s) ${bad.join(', ')}; cases are 1–10`);
        cases = new Set(list);
        break;
      }
      case '--profile':
        profileDir = value();
        break;
      case '--work-dir':
        workDir = value();
        break;
      default:
        throw new Error(`unknown option ${a}\n\n${USAGE}`);
    }
  }
  return { sizeMiB, attachmentMiB, runs, quick, cases, profileDir, workDir };
}
