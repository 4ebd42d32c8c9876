// When the server dies unexpectedly it is restarted, unless it keeps dying:
// a server that crashes on every start (a bad binary, a file that crashes it
// at open) would otherwise flash error messages forever.

/** What to do after the server's connection closed without a stop request. */
export interface CrashDecision {
  restart: boolean;
  /** The message shown to the user (with a link to the output channel). */
  message: string;
}

export class CrashPolicy {
  private crashes: number[] = [];

  /**
   * @param maxCrashes restarts allowed within `windowMs` milliseconds; the
   *   crash after those stops restarting.
   */
  constructor(
    private readonly maxCrashes = 4,
    private readonly windowMs = 3 * 60 * 1000,
  ) {}

  /** Records a crash at `nowMs` (milliseconds) and decides. */
  onCrash(nowMs: number): CrashDecision {
    this.crashes = this.crashes.filter((t) => nowMs - t < this.windowMs);
    this.crashes.push(nowMs);
    const count = this.crashes.length;
    if (count <= this.maxCrashes) {
      return {
        restart: true,
        message: `The shlo language server stopped unexpectedly (${count} of ${this.maxCrashes} restarts in ${this.windowMinutes()} min); restarting it.`,
      };
    }
    return {
      restart: false,
      message:
        `The shlo language server stopped unexpectedly ${count} times in ${this.windowMinutes()} min and is not restarted. ` +
        'See its output, then run "StableHLO: Restart Language Server".',
    };
  }

  /** Forgets the crashes (after the user restarts the server by hand). */
  reset(): void {
    this.crashes = [];
  }

  private windowMinutes(): number {
    return Math.round(this.windowMs / 60000);
  }
}
