// The real `shlo lsp` for the integration tests: the process, its JSON-RPC
// connection (vscode-jsonrpc, which vscode-languageclient is built on), the
// shutdown/exit handshake, and waiting for what the server sends.
import { ChildProcess, spawn } from 'child_process';
import {
  ExitNotification,
  ProtocolConnection,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { shloBinary } from './shloBinary';

export interface LspServer {
  child: ChildProcess;
  connection: ProtocolConnection;
}

/** Spawns `shlo lsp`; `register` adds handlers before the connection listens. */
export function startLspServer(register?: (connection: ProtocolConnection) => void): LspServer {
  const child = spawn(shloBinary(), ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  register?.(connection);
  connection.listen();
  return { child, connection };
}

/** Shuts the server down (when it still runs), waits for its exit, closes the connection. */
export async function stopLspServer(server: LspServer): Promise<void> {
  if (server.child.exitCode === null) {
    await server.connection.sendRequest(ShutdownRequest.type);
    await server.connection.sendNotification(ExitNotification.type);
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  server.connection.dispose();
}

/** The first defined value of `find`, polled every 20 ms; rejects with `explain()` after 10 s. */
export function pollFor<T>(find: () => T | undefined, explain: () => string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(explain()));
    }, 10000);
    const poll = setInterval(() => {
      const found = find();
      if (found !== undefined) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve(found);
      }
    }, 20);
  });
}
