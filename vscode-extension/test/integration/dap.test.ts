// The real `shlo dap` (issue 15) as the `shlo` debug type starts it: the
// DebugAdapterExecutable `shlo dap`, driven by @vscode/debugadapter-testsupport
// with launch arguments shaped as package.json declares them. Skipped (and
// counted as pending) while the binary has no `dap` subcommand.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DEBUG_TYPE, resolveLaunchConfiguration } from '../../src/debug/launchConfiguration';
import { hasSubcommand, shloBinary } from './shloBinary';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));

// Line 3 divides zero by zero: the first NaN.
const program = [
  'func.func @main() -> tensor<2xf32> {',
  '  %0 = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>',
  '  %1 = stablehlo.divide %0, %0 : tensor<2xf32>',
  '  %2 = stablehlo.add %1, %0 : tensor<2xf32>',
  '  return %2 : tensor<2xf32>',
  '}',
  '',
].join('\n');

describe('shlo dap through the debug adapter test client', function () {
  this.timeout(20000);
  let client: DebugClient;
  let work: string;
  let file: string;

  before(function () {
    if (!hasSubcommand(shloBinary(), 'dap')) this.skip();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'shlo-dap-'));
    file = path.join(work, 'nan.mlir');
    fs.writeFileSync(file, program);
  });

  after(() => {
    if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
  });

  beforeEach(async () => {
    client = new DebugClient(shloBinary(), 'dap', DEBUG_TYPE);
    await client.start();
  });

  afterEach(async () => {
    await client.stop();
  });

  // The launch arguments as the extension's configuration provider hands them over.
  function launchArguments(extra: Record<string, unknown>): Record<string, unknown> {
    const result = resolveLaunchConfiguration({ type: DEBUG_TYPE, request: 'launch', name: 'test', program: file, ...extra }, undefined);
    if ('error' in result) assert.fail(result.error);
    return result.configuration;
  }

  it('offers NaN, infinity, failed-check and runtime-error exception filters', async () => {
    const response = await client.initializeRequest();
    const filters = (response.body?.exceptionBreakpointFilters ?? []).map((f) => f.filter);
    assert.deepStrictEqual([...filters].sort(), ['check', 'error', 'infinity', 'nan'], JSON.stringify(filters));
  });

  it('takes every attribute package.json declares, stops on entry, shows the frame, runs to the end', async () => {
    const every = { entry: 'main', chunk: 1, args: [], inputs: [], elided: 'zeros', threads: 1, stopOnEntry: true, cwd: work, shloPath: shloBinary() };
    const declared = Object.keys(manifest.contributes.debuggers[0].configurationAttributes.launch.properties).sort();
    assert.deepStrictEqual(['program', ...Object.keys(every)].sort(), declared);
    await Promise.all([
      client.configurationSequence(),
      client.launch(launchArguments(every)),
      client.waitForEvent('stopped'),
    ]);
    const threads = await client.threadsRequest();
    const stack = await client.stackTraceRequest({ threadId: threads.body.threads[0].id });
    const top = stack.body.stackFrames[0];
    assert.strictEqual(top.source?.path, file);
    assert.strictEqual(top.line, 2);
    await Promise.all([client.continueRequest({ threadId: threads.body.threads[0].id }), client.waitForEvent('terminated')]);
  });

  it('stops at a line breakpoint', async () => {
    await client.hitBreakpoint(launchArguments({}), { path: file, line: 4 });
  });

  it('stops at the op that produces the first NaN', async () => {
    const initialize = await client.initializeRequest();
    const nan = (initialize.body?.exceptionBreakpointFilters ?? []).find((f) => /nan/i.test(f.filter));
    assert.ok(nan);
    // The order VS Code uses: launch, then on `initialized` the exception
    // filters and configurationDone (the launch may answer only after it).
    const initialized = client.waitForEvent('initialized');
    const stopped = client.waitForEvent('stopped');
    const launched = client.launchRequest(launchArguments({}));
    await initialized;
    await client.setExceptionBreakpointsRequest({ filters: [nan.filter] });
    await client.configurationDoneRequest();
    await launched;
    const event = await stopped;
    assert.strictEqual(event.body.reason, 'exception');
    const stack = await client.stackTraceRequest({ threadId: event.body.threadId as number });
    assert.strictEqual(stack.body.stackFrames[0].line, 3);
    // The values in scope there: the constant and the NaN-holding quotient.
    const scopes = await client.scopesRequest({ frameId: stack.body.stackFrames[0].id });
    const names: string[] = [];
    for (const scope of scopes.body.scopes) {
      const variables = await client.variablesRequest({ variablesReference: scope.variablesReference });
      names.push(...variables.body.variables.map((v) => v.name));
    }
    assert.ok(names.includes('%0') && names.includes('%1'), names.join(' '));
  });
});
