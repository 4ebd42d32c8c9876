import * as assert from 'assert';
import { CrashPolicy } from '../../src/crashPolicy';
import { statusView } from '../../src/serverState';

describe('CrashPolicy', () => {
  it('restarts up to the limit within the window, then stops', () => {
    const policy = new CrashPolicy(3, 60_000);
    const decisions = [0, 1000, 2000, 3000].map((t) => policy.onCrash(t));
    assert.deepStrictEqual(
      decisions.map((d) => d.restart),
      [true, true, true, false],
    );
    assert.match(decisions[0].message, /restarting/);
    assert.match(decisions[3].message, /4 times in 1 min and is not restarted/);
  });

  it('forgets crashes older than the window', () => {
    const policy = new CrashPolicy(2, 60_000);
    policy.onCrash(0);
    policy.onCrash(10_000);
    // At 65 s the first crash has left the window; the second has not.
    assert.strictEqual(policy.onCrash(65_000).restart, true);
    assert.strictEqual(policy.onCrash(65_001).restart, false);
  });

  it('starts over after a restart by hand', () => {
    const policy = new CrashPolicy(1, 60_000);
    policy.onCrash(0);
    assert.strictEqual(policy.onCrash(1).restart, false);
    policy.reset();
    assert.strictEqual(policy.onCrash(2).restart, true);
  });
});

describe('statusView', () => {
  it('marks the states that need attention', () => {
    assert.strictEqual(statusView('running', '/bin/shlo').background, undefined);
    assert.match(statusView('running', '/bin/shlo').tooltip, /\/bin\/shlo/);
    assert.strictEqual(statusView('crashed', 'x').background, 'statusBarItem.errorBackground');
    assert.strictEqual(statusView('missing', 'shlo was not found').background, 'statusBarItem.warningBackground');
    assert.match(statusView('starting', 'x').text, /sync~spin/);
  });
});
