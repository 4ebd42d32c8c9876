// Drives `shlo dap` with the Debug Adapter Protocol client VS Code's own
// debug adapters are tested with. SHLO names the binary (tests/dap/run.sh).
'use strict';
const { test, beforeEach, afterEach } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const SHLO = process.env.SHLO;
const PROGRAMS = path.join(__dirname, 'programs');
const LOOP = path.join(PROGRAMS, 'loop.mlir');
const NAN = path.join(PROGRAMS, 'nan.mlir');
const ERROR = path.join(PROGRAMS, 'error.mlir');

/** The 1-based line of the first line of `file` containing `text`. */
function lineOf(file, text) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((l) => l.includes(text));
  assert.notStrictEqual(index, -1, `no line with ${text} in ${file}`);
  return index + 1;
}

let dc;
beforeEach(async () => {
  dc = new DebugClient(SHLO, 'dap', 'shlo');
  dc.defaultTimeout = 10000;
  await dc.start();
});
afterEach(async () => {
  await dc.stop();
});

/** Launches `program` with breakpoints at `lines` (objects or numbers) and filters. */
async function launchWith(args, breakpoints = [], filters = []) {
  const configured = dc.waitForEvent('initialized').then(async () => {
    if (breakpoints.length) {
      const bps = breakpoints.map((b) => (typeof b === 'number' ? { line: b } : b));
      const response = await dc.setBreakpointsRequest({ source: { path: args.program }, breakpoints: bps });
      for (const b of response.body.breakpoints) assert.ok(b.verified, `breakpoint at ${b.line}: ${b.message}`);
    }
    await dc.setExceptionBreakpointsRequest({ filters });
    return dc.configurationDoneRequest();
  });
  await Promise.all([dc.launch(args), configured]);
}

async function topFrame() {
  const trace = await dc.stackTraceRequest({ threadId: 1 });
  return trace.body.stackFrames[0];
}

/** Locals of the top frame as name -> value. */
async function locals(frame) {
  const scopes = await dc.scopesRequest({ frameId: frame.id });
  const scope = scopes.body.scopes.find((s) => s.name === 'Locals');
  assert.ok(scope, 'a Locals scope');
  const vars = await dc.variablesRequest({ variablesReference: scope.variablesReference });
  return Object.fromEntries(vars.body.variables.map((v) => [v.name, v]));
}

async function stepAndWait(request) {
  const stopped = dc.waitForEvent('stopped');
  await request;
  const event = await stopped;
  return event;
}

test('a line breakpoint stops on its line, in the while body, with the loop iteration', async () => {
  const line = lineOf(LOOP, '%sq = stablehlo.multiply');
  const stopped = dc.assertStoppedLocation('breakpoint', { path: LOOP, line });
  await launchWith({ program: LOOP }, [line]);
  const trace = await stopped;
  const frame = trace.body.stackFrames[0];
  assert.match(frame.name, /iteration 0/);
  assert.strictEqual(trace.body.stackFrames[1].line, lineOf(LOOP, '%r:2 = stablehlo.while'));
  const vars = await locals(frame);
  assert.strictEqual(vars['%i'].value, 'dense<0> : tensor<i64>');
  // In scope: what dominates the op; not the cond's values, not what follows.
  assert.deepStrictEqual(Object.keys(vars), ['%init', '%v', '%w', '%i', '%s', '%one']);
  // The second hit is the next iteration.
  const again = await stepAndWait(dc.continueRequest({ threadId: 1 }));
  assert.strictEqual(again.body.reason, 'breakpoint');
  assert.match((await topFrame()).name, /iteration 1/);
});

test('a conditional breakpoint stops only where its condition holds', async () => {
  const line = lineOf(LOOP, '%sq = stablehlo.multiply');
  const stopped = dc.waitForEvent('stopped');
  await launchWith({ program: LOOP }, [{ line, condition: '%i == 2' }]);
  await stopped;
  const frame = await topFrame();
  assert.strictEqual(frame.line, line);
  const value = await dc.evaluateRequest({ expression: '%i', frameId: frame.id, context: 'watch' });
  assert.strictEqual(value.body.result, 'dense<2> : tensor<i64>');
  // i == 2 holds once: the run then ends.
  const exited = dc.waitForEvent('exited');
  await dc.continueRequest({ threadId: 1 });
  assert.strictEqual((await exited).body.exitCode, 0);
});

test('a hit-count breakpoint stops from its nth hit on', async () => {
  const line = lineOf(LOOP, '%next = stablehlo.add');
  const stopped = dc.waitForEvent('stopped');
  await launchWith({ program: LOOP }, [{ line, hitCondition: '3' }]);
  await stopped;
  const frame = await topFrame();
  const value = await dc.evaluateRequest({ expression: 'i', frameId: frame.id, context: 'hover' });
  assert.strictEqual(value.body.result, 'dense<2> : tensor<i64>');
});

test('step into a call and out again, into a while body, and over the while', async () => {
  const callLine = lineOf(LOOP, '%w = func.call @scale');
  const stopped = dc.waitForEvent('stopped');
  await launchWith({ program: LOOP }, [callLine]);
  await stopped;
  assert.strictEqual((await topFrame()).line, callLine);

  await stepAndWait(dc.stepInRequest({ threadId: 1 }));
  let frame = await topFrame();
  assert.strictEqual(frame.line, lineOf(LOOP, '%two = stablehlo.constant'));
  assert.match(frame.name, /in @scale/);

  await stepAndWait(dc.stepOutRequest({ threadId: 1 }));
  frame = await topFrame();
  const whileLine = lineOf(LOOP, '%r:2 = stablehlo.while');
  assert.strictEqual(frame.line, whileLine);
  const vars = await locals(frame);
  assert.strictEqual(vars['%w'].value, 'dense<[2.0, -5.0, 6.0, 8.0]> : tensor<4xf32>');

  await stepAndWait(dc.stepInRequest({ threadId: 1 }));
  frame = await topFrame();
  assert.strictEqual(frame.line, lineOf(LOOP, '%limit = stablehlo.constant'));
  assert.match(frame.name, /stablehlo.while region #0 \(iteration 0\)/);

  // Out of the cond, then over the whole while from the top.
  await stepAndWait(dc.stepOutRequest({ threadId: 1 }));
  frame = await topFrame();
  assert.strictEqual(frame.line, lineOf(LOOP, '%m = stablehlo.constant'));
});

test('next steps over a while: its body is not entered', async () => {
  const whileLine = lineOf(LOOP, '%r:2 = stablehlo.while');
  const stopped = dc.waitForEvent('stopped');
  await launchWith({ program: LOOP }, [whileLine]);
  await stopped;
  await stepAndWait(dc.nextRequest({ threadId: 1 }));
  const frame = await topFrame();
  assert.strictEqual(frame.line, lineOf(LOOP, '%m = stablehlo.constant'));
  const vars = await locals(frame);
  assert.strictEqual(vars['%r#1'].value, 'dense<14> : tensor<i64>');
});

test('variables expand into rows and elements; evaluate takes slices and reductions', async () => {
  const line = lineOf(LOOP, '%t = stablehlo.transpose');
  const stopped = dc.waitForEvent('stopped');
  await launchWith({ program: LOOP }, [line]);
  await stopped;
  const frame = await topFrame();
  const vars = await locals(frame);
  const m = vars['%m'];
  assert.strictEqual(m.value, 'dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>');
  assert.strictEqual(m.type, 'tensor<2x3xi32>');
  assert.strictEqual(m.indexedVariables, 2);
  const rows = await dc.variablesRequest({ variablesReference: m.variablesReference });
  assert.deepStrictEqual(rows.body.variables.map((v) => v.name), ['[0]', '[1]']);
  const row1 = await dc.variablesRequest({ variablesReference: rows.body.variables[1].variablesReference });
  assert.deepStrictEqual(row1.body.variables.map((v) => v.value), ['4', '5', '6']);
  // Paging: two elements from the second.
  const page = await dc.variablesRequest({
    variablesReference: rows.body.variables[1].variablesReference, filter: 'indexed', start: 1, count: 2,
  });
  assert.deepStrictEqual(page.body.variables.map((v) => [v.name, v.value]), [['[1]', '5'], ['[2]', '6']]);

  const evaluate = async (expression) =>
    (await dc.evaluateRequest({ expression, frameId: frame.id, context: 'watch' })).body.result;
  assert.strictEqual(await evaluate('%m[1, 0:2]'), 'dense<[4, 5]> : tensor<2xi32>');
  assert.strictEqual(await evaluate('%m[:, 2]'), 'dense<[3, 6]> : tensor<2xi32>');
  assert.strictEqual(await evaluate('sum(%m)'), 'dense<21> : tensor<i32>');
  assert.strictEqual(await evaluate('max(abs(%v)) > 3'), 'dense<true> : tensor<i1>');
  assert.strictEqual(await evaluate('mean(%v)'), 'dense<1.375> : tensor<f32>');
  assert.strictEqual(await evaluate('any(isnan(%w))'), 'dense<false> : tensor<i1>');
  await assert.rejects(dc.evaluateRequest({ expression: '%nope', frameId: frame.id }), /not in scope/);
  await assert.rejects(dc.evaluateRequest({ expression: '%m[5]', frameId: frame.id }), /out of bounds/);
});

test('the NaN filter stops at the first op that produces a NaN, and only there', async () => {
  const stopped = dc.waitForEvent('stopped');
  await launchWith({ program: NAN }, [], ['nan']);
  const event = await stopped;
  assert.strictEqual(event.body.reason, 'exception');
  const frame = await topFrame();
  assert.strictEqual(frame.line, lineOf(NAN, '%q = stablehlo.divide'));
  const info = await dc.exceptionInfoRequest({ threadId: 1 });
  assert.strictEqual(info.body.exceptionId, 'nan');
  const value = await dc.evaluateRequest({ expression: 'isnan(%q)', frameId: frame.id });
  assert.strictEqual(value.body.result, 'dense<[false, true, false]> : tensor<3xi1>');
  // %r and %s carry the NaN on: no stop there.
  const exited = dc.waitForEvent('exited');
  let stoppedAgain = false;
  dc.on('stopped', () => { stoppedAgain = true; });
  await dc.continueRequest({ threadId: 1 });
  assert.strictEqual((await exited).body.exitCode, 0);
  assert.strictEqual(stoppedAgain, false);
});

test('step back walks the history of recent ops and forward again', async () => {
  const line = lineOf(LOOP, '%t = stablehlo.transpose');
  const stopped = dc.waitForEvent('stopped');
  await launchWith({ program: LOOP }, [line]);
  await stopped;
  await stepAndWait(dc.stepBackRequest({ threadId: 1 }));
  let frame = await topFrame();
  assert.strictEqual(frame.line, lineOf(LOOP, '%m = stablehlo.constant'));
  const scopes = await dc.scopesRequest({ frameId: frame.id });
  const values = await dc.variablesRequest({ variablesReference: scopes.body.scopes[0].variablesReference });
  assert.deepStrictEqual(values.body.variables.map((v) => [v.name, v.value]),
                         [['result %m', 'dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>']]);
  await stepAndWait(dc.stepBackRequest({ threadId: 1 }));
  frame = await topFrame();
  assert.strictEqual(frame.line, lineOf(LOOP, '%r:2 = stablehlo.while'));
  // Forward through the history, then back at the run.
  await stepAndWait(dc.nextRequest({ threadId: 1 }));
  assert.strictEqual((await topFrame()).line, lineOf(LOOP, '%m = stablehlo.constant'));
  await stepAndWait(dc.nextRequest({ threadId: 1 }));
  assert.strictEqual((await topFrame()).line, line);
  const vars = await locals(await topFrame());
  assert.ok('%m' in vars);
});

test('stop on entry, a function breakpoint, a log point', async () => {
  const stopped = dc.waitForEvent('stopped');
  const logLine = lineOf(LOOP, '%s2 = stablehlo.add');
  const logged = dc.assertOutput('console', 'sum so far dense<0> : tensor<i64>\n');
  const configured = dc.waitForEvent('initialized').then(async () => {
    await dc.setBreakpointsRequest({ source: { path: LOOP }, breakpoints: [{ line: logLine, logMessage: 'sum so far {%s}' }] });
    const fb = await dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: '@scale' }, { name: 'missing' }] });
    assert.deepStrictEqual(fb.body.breakpoints.map((b) => b.verified), [true, false]);
    return dc.configurationDoneRequest();
  });
  await Promise.all([dc.launch({ program: LOOP, stopOnEntry: true }), configured]);
  assert.strictEqual((await stopped).body.reason, 'entry');
  assert.strictEqual((await topFrame()).line, lineOf(LOOP, '%init = stablehlo.constant'));
  const inScale = await stepAndWait(dc.continueRequest({ threadId: 1 }));
  assert.strictEqual(inScale.body.reason, 'function breakpoint');
  assert.strictEqual((await topFrame()).line, lineOf(LOOP, '%two = stablehlo.constant'));
  await dc.continueRequest({ threadId: 1 });
  await logged;
});

test('a clean run terminates with exit code 0 and its results; a failing one with 1', async () => {
  const output = dc.assertOutput('stdout', 'PASS @main (0 checks)\n');
  const exited = dc.waitForEvent('exited');
  const terminated = dc.waitForEvent('terminated');
  await launchWith({ program: LOOP });
  await output;
  assert.strictEqual((await exited).body.exitCode, 0);
  await terminated;
});

test('a runtime error ends the run with exit code 1; the error filter stops there', async () => {
  const stopped = dc.waitForEvent('stopped');
  await launchWith({ program: ERROR, args: ['dense<[4]> : tensor<1xi64>'] }, [], ['error']);
  const event = await stopped;
  assert.strictEqual(event.body.reason, 'exception');
  assert.match(event.body.text, /has 3 elements/);
  assert.strictEqual((await topFrame()).line, lineOf(ERROR, '%t = stablehlo.dynamic_reshape'));
  const exited = dc.waitForEvent('exited');
  const stderr = dc.assertOutput('stderr', `${ERROR}:${lineOf(ERROR, '%t = stablehlo.dynamic_reshape')}:3: error: `);
  await dc.continueRequest({ threadId: 1 });
  assert.strictEqual((await exited).body.exitCode, 1);
  await stderr;
});

test('chunk runs one `// -----` chunk, its lines those of the file', async () => {
  const CHUNKS = path.join(PROGRAMS, 'chunks.mlir');
  const add = lineOf(CHUNKS, 'stablehlo.add');
  const stopped = dc.waitForEvent('stopped');
  await launchWith({ program: CHUNKS, chunk: 2 }, [add]);
  const event = await stopped;
  assert.strictEqual(event.body.reason, 'breakpoint');
  assert.strictEqual((await topFrame()).line, add);
  const exited = dc.waitForEvent('exited');
  await dc.continueRequest({ threadId: 1 });
  assert.strictEqual((await exited).body.exitCode, 0);
});

test('bad launches get error responses and the adapter stays up', async () => {
  await dc.initializeRequest();
  const launch = (args) => dc.launchRequest(args);
  await assert.rejects(launch({ program: path.join(PROGRAMS, 'missing.mlir') }), /cannot open file/);
  await assert.rejects(launch({ program: path.join(PROGRAMS, 'syntax_error.mlir') }),
                       /syntax_error\.mlir:3:\d+: error: /);
  await assert.rejects(launch({ program: LOOP, colour: 'blue' }), /unknown launch argument `colour`/);
  await assert.rejects(launch({ program: LOOP, entry: 'nope' }), /no function named @nope.*@main, @scale/);
  await assert.rejects(launch({ program: LOOP, stopOnEntry: 'yes' }), /stopOnEntry/);
  await assert.rejects(launch({ program: path.join(PROGRAMS, 'chunks.mlir'), chunk: 3 }), /chunk 3: .*has 2 `\/\/ -----` chunks/);
  await assert.rejects(launch({ program: LOOP, chunk: 0 }), /`chunk` must be a positive integer/);
  await assert.rejects(launch({ program: ERROR, args: ['dense<[1, 2]> : tensor<2xi64>'] }), /inputs of @main/);
  const badNpy = path.join(require('node:os').tmpdir(), `shlo-dap-bad-${process.pid}.npy`);
  fs.writeFileSync(badNpy, 'not a numpy file');
  try {
    await assert.rejects(launch({ program: ERROR, inputs: [`%n=${badNpy}`] }), /inputs of @main/);
  } finally {
    fs.unlinkSync(badNpy);
  }
  // The standard fields VS Code adds are accepted.
  await assert.rejects(dc.customRequest('frobnicate'), /unsupported request/);
  // Malformed messages: framing and JSON. Both are skipped with an output event.
  const stdin = dc._adapterProcess.stdin;
  const notJson = 'this is not json';
  const skipped = dc.waitForEvent('output');
  stdin.write(`Content-Length: ${notJson.length}\r\n\r\n${notJson}`);
  assert.match((await skipped).body.output, /not JSON/);
  stdin.write('Content-Length: banana\r\n\r\n{}');
  const threads = await dc.threadsRequest();
  assert.strictEqual(threads.body.threads.length, 1);
  // And a launch that is right still works.
  const exited = dc.waitForEvent('exited');
  await launch({ program: LOOP, type: 'shlo', request: 'launch', name: 'Debug', cwd: PROGRAMS, __sessionId: 'x',
                 noDebug: false, shloPath: SHLO });
  await dc.configurationDoneRequest();
  assert.strictEqual((await exited).body.exitCode, 0);
});

test('the processes of run_parallel are threads, each stopping at a breakpoint', async () => {
  const PARALLEL = path.join(PROGRAMS, 'parallel.mlir');
  const line = lineOf(PARALLEL, '%y = stablehlo.add');
  const first = dc.waitForEvent('stopped');
  await launchWith({ program: PARALLEL }, [line]);
  const stop1 = await first;
  const threads = await dc.threadsRequest();
  const processes = threads.body.threads.filter((t) => t.name.startsWith('process'));
  assert.strictEqual(processes.length, 2, JSON.stringify(threads.body.threads));
  assert.ok(processes.some((t) => t.id === stop1.body.threadId));
  const trace = await dc.stackTraceRequest({ threadId: stop1.body.threadId });
  assert.strictEqual(trace.body.stackFrames[0].line, line);
  const x1 = (await dc.evaluateRequest({ expression: '%x', frameId: trace.body.stackFrames[0].id })).body.result;
  // The other process stops there too, on its own thread, with its own %x.
  const stop2 = await stepAndWait(dc.continueRequest({ threadId: stop1.body.threadId }));
  assert.notStrictEqual(stop2.body.threadId, stop1.body.threadId);
  const trace2 = await dc.stackTraceRequest({ threadId: stop2.body.threadId });
  const x2 = (await dc.evaluateRequest({ expression: '%x', frameId: trace2.body.stackFrames[0].id })).body.result;
  assert.deepStrictEqual([x1, x2].sort(), ['dense<1> : tensor<i64>', 'dense<20> : tensor<i64>']);
  const exited = dc.waitForEvent('exited');
  await dc.continueRequest({ threadId: stop2.body.threadId });
  assert.strictEqual((await exited).body.exitCode, 0);
});

test('initialize declares four exception filters and restart', async () => {
  const response = await dc.initializeRequest();
  const filters = response.body.exceptionBreakpointFilters.map((f) => f.filter);
  assert.deepStrictEqual(filters, ['nan', 'infinity', 'check', 'error']);
  assert.strictEqual(response.body.supportsRestartRequest, true);
});

test('the infinity filter stops where an infinity appears; the NaN filter only where a NaN does', async () => {
  const INF = path.join(PROGRAMS, 'inf.mlir');
  let stopped = dc.waitForEvent('stopped');
  await launchWith({ program: INF }, [], ['nan']);
  assert.strictEqual((await stopped).body.reason, 'exception');
  // Not at %q (an infinity only): at %d, where inf - inf makes a NaN.
  assert.strictEqual((await topFrame()).line, lineOf(INF, '%d = stablehlo.subtract'));
  assert.strictEqual((await dc.exceptionInfoRequest({ threadId: 1 })).body.exceptionId, 'nan');
  await dc.stop();

  dc = new DebugClient(SHLO, 'dap', 'shlo');
  dc.defaultTimeout = 10000;
  await dc.start();
  stopped = dc.waitForEvent('stopped');
  await launchWith({ program: INF }, [], ['infinity']);
  const event = await stopped;
  assert.strictEqual(event.body.reason, 'exception');
  assert.match(event.body.text, /an infinity/);
  const frame = await topFrame();
  assert.strictEqual(frame.line, lineOf(INF, '%q = stablehlo.divide'));
  assert.strictEqual((await dc.exceptionInfoRequest({ threadId: 1 })).body.exceptionId, 'infinity');
  const value = await dc.evaluateRequest({ expression: 'isinf(%q)', frameId: frame.id });
  assert.strictEqual(value.body.result, 'dense<[true, false]> : tensor<2xi1>');
  // %d's NaN is not the infinity filter's business: the run ends.
  const exited = dc.waitForEvent('exited');
  await dc.continueRequest({ threadId: 1 });
  assert.strictEqual((await exited).body.exitCode, 0);
});

test('the check filter stops at a failed check; the error filter does not; probes are output events', async () => {
  const CHECK = path.join(PROGRAMS, 'check.mlir');
  const probed = dc.assertOutput('console', `probe "after_a" at line ${lineOf(CHECK, 'interpreter.probe')}: ` +
                                            'dense<[1, 2]> : tensor<2xi32>\n');
  const stopped = dc.waitForEvent('stopped');
  await launchWith({ program: CHECK }, [], ['check']);
  await probed;
  const event = await stopped;
  assert.strictEqual(event.body.reason, 'exception');
  assert.strictEqual((await topFrame()).line, lineOf(CHECK, 'check.expect_eq_const'));
  assert.strictEqual((await dc.exceptionInfoRequest({ threadId: 1 })).body.exceptionId, 'check');
  const exited = dc.waitForEvent('exited');
  await dc.continueRequest({ threadId: 1 });
  assert.strictEqual((await exited).body.exitCode, 1);
  await dc.stop();

  dc = new DebugClient(SHLO, 'dap', 'shlo');
  dc.defaultTimeout = 10000;
  await dc.start();
  let stoppedAtAll = false;
  dc.on('stopped', () => { stoppedAtAll = true; });
  const failed = dc.assertOutput('stdout', 'FAIL @main (check failed)');
  const exited2 = dc.waitForEvent('exited');
  await launchWith({ program: CHECK }, [], ['error']);
  await failed;
  assert.strictEqual((await exited2).body.exitCode, 1);
  assert.strictEqual(stoppedAtAll, false);
});

test('evaluate results expand into rows and elements, as variables do', async () => {
  const line = lineOf(LOOP, '%t = stablehlo.transpose');
  const stopped = dc.waitForEvent('stopped');
  await launchWith({ program: LOOP }, [line]);
  await stopped;
  const frame = await topFrame();
  const slice = (await dc.evaluateRequest({ expression: '%m[:, 1:3]', frameId: frame.id, context: 'watch' })).body;
  assert.strictEqual(slice.result, 'dense<[[2, 3], [5, 6]]> : tensor<2x2xi32>');
  assert.ok(slice.variablesReference > 0, 'a slice is expandable');
  assert.strictEqual(slice.indexedVariables, 2);
  const rows = await dc.variablesRequest({ variablesReference: slice.variablesReference });
  assert.deepStrictEqual(rows.body.variables.map((v) => v.name), ['[0]', '[1]']);
  const row1 = await dc.variablesRequest({ variablesReference: rows.body.variables[1].variablesReference });
  assert.deepStrictEqual(row1.body.variables.map((v) => v.value), ['5', '6']);
  // A comparison's result expands into i1 elements; a scalar does not expand.
  const mask = (await dc.evaluateRequest({ expression: '%v > 0', frameId: frame.id })).body;
  const elements = await dc.variablesRequest({ variablesReference: mask.variablesReference });
  assert.deepStrictEqual(elements.body.variables.map((v) => v.type), Array(elements.body.variables.length).fill('i1'));
  const sum = (await dc.evaluateRequest({ expression: 'sum(%m)', frameId: frame.id })).body;
  assert.strictEqual(sum.variablesReference, 0);
});

test('restart runs the program again with its breakpoints, without an exited event', async () => {
  const line = lineOf(LOOP, '%sq = stablehlo.multiply');
  let stopped = dc.waitForEvent('stopped');
  await launchWith({ program: LOOP }, [{ line, hitCondition: '2' }]);
  await stopped;
  assert.match((await topFrame()).name, /iteration 1/);
  let exitedEarly = false;
  dc.on('exited', () => { exitedEarly = true; });
  // The hit count starts again: the second hit is iteration 1 again.
  stopped = dc.waitForEvent('stopped');
  await dc.restartRequest({});
  assert.strictEqual((await stopped).body.reason, 'breakpoint');
  assert.match((await topFrame()).name, /iteration 1/);
  assert.strictEqual(exitedEarly, false);
  // With changed launch arguments: stop on entry.
  stopped = dc.waitForEvent('stopped');
  await dc.restartRequest({ arguments: { program: LOOP, stopOnEntry: true } });
  assert.strictEqual((await stopped).body.reason, 'entry');
  assert.strictEqual((await topFrame()).line, lineOf(LOOP, '%init = stablehlo.constant'));
  // A program that no longer loads: an error response, the session as it was.
  await assert.rejects(dc.restartRequest({ arguments: { program: path.join(PROGRAMS, 'syntax_error.mlir') } }),
                       /syntax_error\.mlir:3:\d+: error: /);
  assert.strictEqual((await topFrame()).line, lineOf(LOOP, '%init = stablehlo.constant'));
  assert.strictEqual(exitedEarly, false);
  const exited = dc.waitForEvent('exited');
  await dc.setBreakpointsRequest({ source: { path: LOOP }, breakpoints: [] });
  await dc.continueRequest({ threadId: 1 });
  assert.strictEqual((await exited).body.exitCode, 0);
});

test('a program with nothing to run is refused at launch, naming its functions', async () => {
  await dc.initializeRequest();
  await assert.rejects(dc.launchRequest({ program: path.join(PROGRAMS, 'none.mlir') }), /nothing to run.*@f/);
});

test('interpreter.print is an output event; the stack shows the ops\' loc() locations', async () => {
  const PRINT = path.join(PROGRAMS, 'print.mlir');
  const line = lineOf(PRINT, '%b = stablehlo.add');
  const printed = dc.assertOutput('stdout', '%a = tensor<2xi32> {\n');
  const stopped = dc.waitForEvent('stopped');
  await launchWith({ program: PRINT }, [line]);
  await stopped;
  await printed;
  const frame = await topFrame();
  assert.strictEqual(frame.line, line);
  assert.match(frame.name, /\(model\.py:13:7\)/);
});

test('pause stops a running program; terminate ends it with exit code 1', async () => {
  const LONG = path.join(PROGRAMS, 'long.mlir');
  await launchWith({ program: LONG, args: ['dense<1000000000> : tensor<i64>'] });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const stopped = dc.waitForEvent('stopped');
  await dc.pauseRequest({ threadId: 1 });
  assert.strictEqual((await stopped).body.reason, 'pause');
  // Before whichever op was next (the loop's, unless the machine is slow).
  const frame = await topFrame();
  assert.match(frame.name, /^stablehlo\.\w+ in /);
  assert.ok(frame.line >= lineOf(LONG, '%init =') && frame.line <= lineOf(LONG, 'return %r'), `line ${frame.line}`);
  const exited = dc.waitForEvent('exited');
  await dc.terminateRequest({});
  assert.strictEqual((await exited).body.exitCode, 1);
});
