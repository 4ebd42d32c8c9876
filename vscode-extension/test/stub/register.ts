// Makes `require('vscode')` load the stub (mocha's --require). Names the stub
// does not define resolve to an inert class, so libraries that touch more of
// the API at load time (vscode-languageclient) still load.
import Module from 'module';
import * as stub from './vscode';

function placeholder(name: string): any {
  const Inert = class {};
  Object.defineProperty(Inert, 'name', { value: name });
  return new Proxy(Inert, {
    get: (target: any, property) => (property in target ? target[property] : placeholder(`${name}.${String(property)}`)),
  });
}

const vscode = new Proxy(stub as any, {
  get: (target, property) => (property in target ? target[property] : placeholder(String(property))),
});

const moduleWithLoad = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const load = moduleWithLoad._load;
moduleWithLoad._load = function (request: string, ...rest: unknown[]) {
  if (request === 'vscode') return vscode;
  return load.call(this, request, ...rest);
};
