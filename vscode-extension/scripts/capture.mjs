// `npm run capture`: the README's pictures of the editor, made from the real
// server. Starts `shlo lsp`, opens scripts/capture-sample.mlir, asks for its
// semantic tokens, diagnostics, inlay hints and a hover, and draws them as
// VS Code's dark theme shows them: one SVG of the editor (highlighting,
// inlay hints, code lenses, squiggles and the Problems list) and one of a
// hover.
// Usage: node scripts/capture.mjs [--shlo BINARY] [--out DIR]
//   (defaults: ../build/bin/shlo, images/). Prints the files written.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

const shlo = path.resolve(option('--shlo', path.join(root, '..', 'build', 'bin', 'shlo')));
const outDir = path.resolve(option('--out', path.join(root, 'images')));
const samplePath = path.join(root, 'scripts', 'capture-sample.mlir');
// Shown as the tab's name; the server gets the sample's real path.
const shownName = 'mlp.mlir';
// The value whose hover the second picture shows: its first use.
const hoverTarget = '%relu)';

// VS Code's Dark+ colours of the standard semantic token types.
const tokenColours = {
  comment: '#6A9955',
  function: '#DCDCAA',
  variable: '#9CDCFE',
  parameter: '#9CDCFE',
  label: '#C8C8C8',
  type: '#4EC9B0',
  number: '#B5CEA8',
  property: '#9CDCFE',
  enumMember: '#4FC1FF',
  macro: '#569CD6',
  string: '#CE9178',
  keyword: '#C586C0',
  modifier: '#569CD6',
  operator: '#D4D4D4',
};
const theme = {
  background: '#1E1E1E',
  text: '#D4D4D4',
  gutter: '#858585',
  chrome: '#252526',
  tab: '#1E1E1E',
  border: '#3C3C3C',
  hint: '#A0A0A0',
  hintBackground: '#2F2F2F',
  severity: { 1: '#F14C4C', 2: '#CCA700', 3: '#3794FF', 4: '#A0A0A0' },
  severityName: { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' },
};

// Geometry of the monospace grid, in pixels.
const font = "Menlo, Consolas, 'DejaVu Sans Mono', monospace";
const fontSize = 13;
const charWidth = 7.8;
const lineHeight = 19;
const gutterWidth = 44;
const titleHeight = 34;

function escapeXml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Asks the server for everything the pictures show. */
async function collect() {
  const text = fs.readFileSync(samplePath, 'utf8');
  const uri = pathToFileURL(samplePath).toString();
  const server = spawn(shlo, ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  const diagnostics = new Promise((resolve) => {
    connection.onNotification('textDocument/publishDiagnostics', (params) => {
      if (params.uri === uri) resolve(params.diagnostics);
    });
  });
  connection.listen();
  try {
    const initialized = await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {
        textDocument: {
          hover: { contentFormat: ['markdown', 'plaintext'] },
          publishDiagnostics: { tagSupport: { valueSet: [1, 2] } },
          semanticTokens: { requests: { full: true }, tokenTypes: [], tokenModifiers: [], formats: ['relative'] },
          inlayHint: {},
        },
      },
    });
    await connection.sendNotification('initialized', {});
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'stablehlo', version: 1, text },
    });
    const published = await diagnostics;
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    const tokens = await connection.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri } });
    const hints = await connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } },
    });
    const hoverLine = lines.findIndex((line) => line.includes(hoverTarget));
    const hoverPosition = { line: hoverLine, character: lines[hoverLine].indexOf(hoverTarget) + 2 };
    const hover = await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: hoverPosition });
    const lenses = await connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
    return {
      lines,
      legend: initialized.capabilities.semanticTokensProvider.legend,
      tokens: tokens.data,
      diagnostics: published,
      hints: hints ?? [],
      hover,
      hoverPosition,
      lenses: lenses ?? [],
    };
  } finally {
    connection.dispose();
    server.kill();
  }
}

/** Per line, the coloured runs of text: [{start, end, colour, italic}]. */
function colourRuns(lines, legend, data) {
  const runs = lines.map(() => []);
  let line = 0;
  let character = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    line += data[i];
    character = data[i] === 0 ? character + data[i + 1] : data[i + 1];
    const type = legend.tokenTypes[data[i + 3]];
    const modifiers = legend.tokenModifiers.filter((_, bit) => data[i + 4] & (1 << bit));
    runs[line].push({
      start: character,
      end: character + data[i + 2],
      colour: tokenColours[type] ?? theme.text,
      italic: type === 'parameter',
      bold: modifiers.includes('declaration') && type === 'function',
    });
  }
  return runs;
}

/**
 * One line as display pieces: text runs and inlay hints, each with the
 * display column it starts at (hints push the text after them right).
 */
function layoutLine(text, runs, hints) {
  const pieces = [];
  const stops = new Set([0, text.length]);
  for (const run of runs) {
    stops.add(run.start);
    stops.add(run.end);
  }
  for (const hint of hints) stops.add(Math.min(hint.position.character, text.length));
  const sorted = [...stops].filter((s) => s <= text.length).sort((a, b) => a - b);
  let shift = 0;
  const displayColumn = (character) => {
    let extra = 0;
    for (const hint of hints) if (hint.position.character <= character) extra += hint.width;
    return character + extra;
  };
  for (let k = 0; k < sorted.length; ++k) {
    const at = sorted[k];
    for (const hint of hints.filter((h) => Math.min(h.position.character, text.length) === at)) {
      pieces.push({ kind: 'hint', column: at + shift, label: hint.label, width: hint.width });
      shift += hint.width;
    }
    const next = sorted[k + 1];
    if (next === undefined || next === at) continue;
    const run = runs.find((r) => r.start <= at && at < r.end);
    pieces.push({ kind: 'text', column: at + shift, text: text.slice(at, next), colour: run?.colour ?? theme.text, italic: run?.italic, bold: run?.bold });
  }
  return { pieces, displayColumn };
}

function hintLabel(hint) {
  const label = typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join('');
  return (hint.paddingLeft ? ' ' : '') + label + (hint.paddingRight ? ' ' : '');
}

/** A wavy underline from x1 to x2 at baseline y. */
function squiggle(x1, x2, y, colour) {
  let d = `M${x1.toFixed(1)},${y}`;
  for (let x = x1, up = true; x < x2; x += 2, up = !up) d += ` L${Math.min(x + 2, x2).toFixed(1)},${up ? y - 2 : y}`;
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="1"/>`;
}

function textElement(x, y, content, colour, extra = '') {
  return `<text x="${x.toFixed(1)}" y="${y}" fill="${colour}"${extra}>${escapeXml(content)}</text>`;
}

function frame(width, height, title, body) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${font}" font-size="${fontSize}">`,
    `<rect width="${width}" height="${height}" rx="6" fill="${theme.background}"/>`,
    `<rect width="${width}" height="${titleHeight}" rx="6" fill="${theme.chrome}"/>`,
    `<rect y="${titleHeight - 6}" width="${width}" height="6" fill="${theme.chrome}"/>`,
    `<rect x="0" y="0" width="${Math.max(160, title.length * charWidth + 40)}" height="${titleHeight}" fill="${theme.tab}"/>`,
    textElement(16, 22, title, theme.text),
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

/** The editor: every line with its tokens, hints and squiggles, then the Problems list. */
function renderEditor(capture) {
  const runs = colourRuns(capture.lines, capture.legend, capture.tokens);
  const hintsByLine = capture.lines.map(() => []);
  for (const hint of capture.hints) {
    const label = hintLabel(hint);
    hintsByLine[hint.position.line]?.push({ position: hint.position, label, width: label.length });
  }
  const body = [];
  let widest = 0;
  const top = titleHeight + 10;
  // Code lenses ("Run | Debug | 2 uses") take a row above their line.
  const lensTitles = new Map();
  for (const lens of capture.lenses) {
    const line = lens.range.start.line;
    lensTitles.set(line, [...(lensTitles.get(line) ?? []), lens.command?.title ?? '']);
  }
  let row = 0;
  capture.lines.forEach((line, index) => {
    const titles = lensTitles.get(index);
    if (titles !== undefined) {
      const indent = line.length - line.trimStart().length;
      body.push(textElement(gutterWidth + indent * charWidth, top + (row + 1) * lineHeight - 6, titles.join(' | '), theme.gutter, ' font-size="11" font-family="sans-serif"'));
      row += 1;
    }
    const y = top + (row + 1) * lineHeight - 5;
    row += 1;
    body.push(textElement(gutterWidth - 10, y, String(index + 1), theme.gutter, ' text-anchor="end"'));
    const { pieces, displayColumn } = layoutLine(line, runs[index], hintsByLine[index]);
    for (const piece of pieces) {
      const x = gutterWidth + piece.column * charWidth;
      if (piece.kind === 'hint') {
        body.push(`<rect x="${(x + 1).toFixed(1)}" y="${y - 12}" width="${(piece.width * charWidth - 2).toFixed(1)}" height="16" rx="3" fill="${theme.hintBackground}"/>`);
        body.push(textElement(x, y, piece.label, theme.hint, ' font-size="12" xml:space="preserve"'));
      } else {
        const style = (piece.italic ? ' font-style="italic"' : '') + (piece.bold ? ' font-weight="bold"' : '');
        body.push(textElement(x, y, piece.text, piece.colour, `${style} xml:space="preserve"`));
      }
    }
    widest = Math.max(widest, displayColumn(line.length));
    for (const diagnostic of capture.diagnostics) {
      if (diagnostic.range.start.line !== index) continue;
      const endCharacter = diagnostic.range.end.line === index ? diagnostic.range.end.character : line.length;
      const x1 = gutterWidth + displayColumn(diagnostic.range.start.character) * charWidth;
      const x2 = gutterWidth + displayColumn(Math.max(endCharacter, diagnostic.range.start.character + 1)) * charWidth;
      const tagged = (diagnostic.tags ?? []).includes(1);
      body.push(tagged ? `<rect x="${x1.toFixed(1)}" y="${y - 13}" width="${(x2 - x1).toFixed(1)}" height="${lineHeight}" fill="${theme.background}" fill-opacity="0.45"/>` : squiggle(x1, x2, y + 3, theme.severity[diagnostic.severity ?? 1]));
    }
  });
  // The Problems panel: what VS Code lists for the file.
  const panelTop = top + row * lineHeight + 16;
  body.push(`<rect x="0" y="${panelTop}" width="100%" height="1" fill="${theme.border}"/>`);
  body.push(textElement(16, panelTop + 22, 'PROBLEMS', theme.text, ' font-size="11" letter-spacing="1"'));
  const shown = [...capture.diagnostics].sort((a, b) => (a.severity ?? 1) - (b.severity ?? 1) || a.range.start.line - b.range.start.line);
  shown.forEach((diagnostic, k) => {
    const y = panelTop + 44 + k * lineHeight;
    const colour = theme.severity[diagnostic.severity ?? 1];
    body.push(`<circle cx="22" cy="${y - 4}" r="5" fill="${colour}"/>`);
    const code = diagnostic.code === undefined ? '' : `  shlo(${diagnostic.code})`;
    const where = `  [Ln ${diagnostic.range.start.line + 1}, Col ${diagnostic.range.start.character + 1}]`;
    const message = diagnostic.message.split('\n')[0];
    body.push(textElement(34, y, message, theme.text, ' font-size="12"'));
    body.push(textElement(34 + (message.length + 1) * 7.2, y, `${code}${where}`, theme.gutter, ' font-size="12" xml:space="preserve"'));
    widest = Math.max(widest, (34 + (message.length + code.length + where.length + 1) * 7.2 - gutterWidth) / charWidth);
  });
  const width = Math.ceil(gutterWidth + (widest + 4) * charWidth);
  const height = panelTop + 44 + shown.length * lineHeight;
  return frame(width, height, `${shownName}  ·  StableHLO`, body);
}

/** Markdown hover contents as lines: fenced code stays code, the rest prose. */
function hoverLines(hover) {
  const contents = hover.contents;
  const value = typeof contents === 'string' ? contents : Array.isArray(contents) ? contents.map((c) => c.value ?? c).join('\n\n') : contents.value;
  const out = [];
  let code = false;
  for (const line of value.split('\n')) {
    if (line.startsWith('```')) {
      code = !code;
      continue;
    }
    if (!code && line.trim() === '---') {
      out.push({ rule: true });
      continue;
    }
    out.push({ code, text: code ? line : line.replace(/\*\*|`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') });
  }
  while (out.length && !out[out.length - 1].rule && out[out.length - 1].text.trim() === '') out.pop();
  return out;
}

/** The lines around the hovered value, with the hover's box under it. */
function renderHover(capture) {
  const runs = colourRuns(capture.lines, capture.legend, capture.tokens);
  const first = Math.max(0, capture.hoverPosition.line - 2);
  const shownLines = capture.lines.slice(first, capture.hoverPosition.line + 2);
  const body = [];
  const top = titleHeight + 10;
  let widest = 0;
  shownLines.forEach((line, k) => {
    const index = first + k;
    const y = top + (k + 1) * lineHeight - 5;
    body.push(textElement(gutterWidth - 10, y, String(index + 1), theme.gutter, ' text-anchor="end"'));
    for (const piece of layoutLine(line, runs[index], []).pieces) {
      const style = piece.italic ? ' font-style="italic"' : '';
      body.push(textElement(gutterWidth + piece.column * charWidth, y, piece.text, piece.colour, `${style} xml:space="preserve"`));
    }
    widest = Math.max(widest, line.length);
  });
  const items = hoverLines(capture.hover);
  const boxX = gutterWidth + capture.hoverPosition.character * charWidth - 12;
  const boxY = top + (capture.hoverPosition.line - first + 1) * lineHeight + 4;
  const boxWidth = Math.max(...items.map((item) => (item.rule ? 0 : item.text.length * (item.code ? charWidth : 7.2))), 200) + 24;
  const boxHeight = items.length * lineHeight + 14;
  body.push(`<rect x="${boxX.toFixed(1)}" y="${boxY}" width="${boxWidth.toFixed(1)}" height="${boxHeight}" rx="3" fill="${theme.chrome}" stroke="${theme.border}"/>`);
  items.forEach((item, k) => {
    const y = boxY + 10 + (k + 1) * lineHeight - 5;
    if (item.rule) {
      body.push(`<rect x="${(boxX + 8).toFixed(1)}" y="${y - 6}" width="${(boxWidth - 16).toFixed(1)}" height="1" fill="${theme.border}"/>`);
    } else if (item.code) {
      const runsOfCode = /^(%[\w#.$-]+)(.*)$/.exec(item.text);
      if (runsOfCode) {
        body.push(textElement(boxX + 12, y, runsOfCode[1], tokenColours.variable, ' xml:space="preserve"'));
        body.push(textElement(boxX + 12 + runsOfCode[1].length * charWidth, y, runsOfCode[2], tokenColours.type, ' xml:space="preserve"'));
      } else {
        body.push(textElement(boxX + 12, y, item.text, theme.text, ' xml:space="preserve"'));
      }
    } else {
      body.push(textElement(boxX + 12, y, item.text, theme.text, ' font-size="12" font-family="sans-serif" xml:space="preserve"'));
    }
  });
  const width = Math.ceil(Math.max(gutterWidth + (widest + 2) * charWidth, boxX + boxWidth + 16));
  const height = boxY + boxHeight + 16;
  return frame(width, height, `${shownName}  ·  hover`, body);
}

/** Writes both pictures; returns their paths. */
export async function capture() {
  const captured = await collect();
  fs.mkdirSync(outDir, { recursive: true });
  const written = [];
  for (const [name, svg] of [
    ['editor.svg', renderEditor(captured)],
    ['hover.svg', renderHover(captured)],
  ]) {
    const file = path.join(outDir, name);
    fs.writeFileSync(file, svg);
    written.push(file);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  capture().then(
    (files) => files.forEach((file) => console.log(file)),
    (error) => {
      console.error(`capture: ${error.message ?? error}`);
      process.exit(1);
    },
  );
}
