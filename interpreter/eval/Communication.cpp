// Evaluators of the Communication family: send, recv, infeed, outfeed,
// after_all, create_token.
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

void registerCommunicationEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.after_all", [](Interpreter &, const Operation &, const std::vector<Value> &,
                                 Env &) { return std::vector<Value>{Value::token()}; }},
      {"stablehlo.create_token", [](Interpreter &, const Operation &, const std::vector<Value> &,
                                    Env &) { return std::vector<Value>{Value::token()}; }},
      {"stablehlo.send",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         std::vector<Tensor> sent;
         for (const Value &x : v) {
           if (x.kind == Value::Kind::Tensor) sent.push_back(x.tensor);
         }
         in.process().grid->send(channelIdOf(op), sent);
         return std::vector<Value>{Value::token()};
       }},
      {"stablehlo.recv",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &, Env &) {
         std::vector<Tensor> got = in.process().grid->recv("recv", channelIdOf(op), in.process().id());
         if (got.size() + 1 != op.results.size()) {
           throw RuntimeError("recv: received " + std::to_string(got.size()) + " tensors, the op has " +
                              std::to_string(op.results.size() - 1));
         }
         std::vector<Value> out(got.begin(), got.end());
         out.push_back(Value::token());
         return out;
       }},
      {"stablehlo.infeed",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &, Env &) {
         std::vector<Value> out = in.process().grid->infeed(in.process().id());
         if (out.size() + 1 != op.results.size()) {
           throw RuntimeError("infeed: the queue's next entry has " + std::to_string(out.size()) +
                              " values, the op has " + std::to_string(op.results.size() - 1));
         }
         out.push_back(Value::token());
         return out;
       }},
      {"stablehlo.outfeed",
       [](Interpreter &in, const Operation &, const std::vector<Value> &v, Env &) {
         std::vector<Tensor> sent;
         for (const Value &x : v) {
           if (x.kind == Value::Kind::Tensor) sent.push_back(x.tensor);
         }
         in.process().grid->outfeed(sent);
         return std::vector<Value>{Value::token()};
       }},
  });
}

}  // namespace shlo::interpreter
