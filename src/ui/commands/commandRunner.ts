import * as vscode from 'vscode';
import { isServiceError, type Logger } from '../../core';
import type { CommandId } from './commandIds';
import { describeError, errorDetail, isCancellation, NotSignedInError } from '../text/errorText';
import type { InputHolder } from '../input/userInput';
import { notify, showLogAction, signInAction } from './notify';

/** What the error handler needs: where to log, how to tell the user, and whether the session already told them. */
export interface ErrorReporting {
  readonly log: Logger;
  readonly input: InputHolder;
  readonly session: { hasReported(e: unknown): boolean };
}

/**
 * Turns what a command was invoked with (a tree row, Explorer Uris, nothing)
 * into the one typed value its handler takes. Checks at runtime, never
 * throws: anything unexpected becomes "nothing", as from the palette.
 */
export type ArgParser<A> = (args: readonly unknown[]) => A;

/** For commands that take nothing. */
export const noArgs: ArgParser<void> = () => undefined;

/**
 * The one error handler every command and every panel or drop action shares:
 * a readable message with a Show Log action (and Sign In where that helps),
 * silence on cancel, the full detail in the log.
 */
export class CommandRunner {
  constructor(
    private readonly r: ErrorReporting,
    private readonly subscriptions: { push(...d: vscode.Disposable[]): unknown },
  ) {}

  /** Registers command `id`: its arguments are parsed once by `parse`, then `handler` runs under `run`. */
  register<A>(id: CommandId, parse: ArgParser<A>, handler: (arg: A) => unknown): void {
    this.subscriptions.push(vscode.commands.registerCommand(id, (...args: unknown[]) => this.run(id, () => handler(parse(args)))));
  }

  /** Runs `action` under the error handler; never rejects (undefined after a failure). `name` labels the log lines. */
  async run<T>(name: string, action: () => T | PromiseLike<T>): Promise<T | undefined> {
    try {
      return await action();
    } catch (e) {
      this.report(name, e);
      return undefined;
    }
  }

  private report(name: string, e: unknown): void {
    const { log, input, session } = this.r;
    if (isCancellation(e)) {
      log.info(`${name}: cancelled`);
      return;
    }
    log.error(`${name} failed: ${errorDetail(e)}`);
    if (session.hasReported(e)) return; // the session signed out and told the user why
    const needsSignIn = e instanceof NotSignedInError || isServiceError(e, 'unauthorized') || isServiceError(e, 'keyRefused');
    void notify(input.current, log, 'error', describeError(e), [needsSignIn ? signInAction() : undefined, showLogAction()]);
  }
}
