// Communication ops (spec: send, recv, infeed, outfeed, after_all) and the
// deprecated create_token.
#include <set>

#include "semantic/verify/CollectiveHelpers.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

namespace {

using namespace collectives;

// ---------------------------------------------------------------------------
// send and recv

enum ChannelType : int64_t { kDeviceToDevice = 1, kDeviceToHost = 2, kHostToDevice = 3 };

const char *channelTypeName(int64_t t) {
  switch (t) {
    case 0: return "CHANNEL_TYPE_INVALID";
    case kDeviceToDevice: return "DEVICE_TO_DEVICE";
    case kDeviceToHost: return "DEVICE_TO_HOST";
    case kHostToDevice: return "HOST_TO_DEVICE";
    default: return "an unknown channel type";
  }
}

/// C5 of send/recv: the channel type agrees with is_host_transfer.
bool checkChannelType(VerifyContext &c, int64_t hostType) {
  auto type = channelField(c, "type");
  if (!type) return true;
  bool host = flag(c, "is_host_transfer");
  int64_t expected = host ? hostType : kDeviceToDevice;
  if (*type == expected) return true;
  c.error(c.attributeRange("channel_handle"), "C5",
          std::string("channel type is ") + channelTypeName(*type) + " (" + str(*type) + ") but must be " +
              channelTypeName(expected) + " (" + str(expected) + ") when is_host_transfer is " +
              (host ? "true" : "false"));
  return false;
}

std::vector<Type> inferToken(const VerifyContext &) { return {Type::token()}; }

/// Operands `inputs..., token`: tensors, then a token.
bool checkInputsAndToken(VerifyContext &c, const char *code) {
  size_t n = c.numOperands();
  if (n < 1) {
    c.error(c.nameRange(), code, "expects a token operand");
    return false;
  }
  for (size_t i = 0; i + 1 < n; ++i) {
    Type t = c.operandType(i);
    if (t.valid() && !t.isTensor()) {
      c.error(c.operandRange(i), code,
              "input #" + str(static_cast<int64_t>(i)) + " must be a tensor, got " + t.str());
      c.relateOperand(i);
      return false;
    }
  }
  Type token = c.operandType(n - 1);
  if (token.valid() && !token.isToken()) {
    c.error(c.operandRange(n - 1), code, "the last operand must be a !stablehlo.token, got " + token.str());
    c.relateOperand(n - 1);
    return false;
  }
  return true;
}

/// Results `payload..., token` of infeed and recv.
bool checkPayloadAndToken(VerifyContext &c, const char *sizeCode, const char *tensorCode, const char *tokenCode) {
  size_t n = c.numResults();
  if (n == 0) {
    c.error(c.nameRange(), sizeCode, "expects at least one result (the token), got none");
    return false;
  }
  for (size_t i = 0; i + 1 < n; ++i) {
    Type t = c.resultType(i);
    if (t.valid() && !t.isTensor()) {
      c.error(c.resultRange(i), tensorCode,
              "result #" + str(static_cast<int64_t>(i)) + " must be a tensor (only the last result is a token), got " +
                  t.str());
      return false;
    }
  }
  Type last = c.resultType(n - 1);
  if (last.valid() && !last.isToken()) {
    c.error(c.resultRange(n - 1), tokenCode, "the last result must be a !stablehlo.token, got " + last.str());
    return false;
  }
  return true;
}

/// The token operand of infeed/recv.
bool checkTokenOperand(VerifyContext &c) {
  if (c.numOperands() != 1) {
    c.error(c.nameRange(), "operands",
            "expects 1 operand (a token), got " + str(static_cast<int64_t>(c.numOperands())));
    return false;
  }
  Type t = c.operandType(0);
  if (t.valid() && !t.isToken()) {
    c.error(c.operandRange(0), "I1", "operand must be a !stablehlo.token, got " + t.str());
    c.relateOperand(0);
    return false;
  }
  return true;
}

void verifySend(VerifyContext &c) {
  if (c.numResults() != 1) {
    c.error(c.nameRange(), "results", "expects 1 result (a token), got " + str(static_cast<int64_t>(c.numResults())));
    return;
  }
  if (!checkInputsAndToken(c, "I2")) return;
  if (!checkChannelType(c, kDeviceToHost)) return;
  if (!checkSourceTargetPairs(c, false, "I6", "C1", "C2", "C3", "C4")) return;
  c.checkInferred(0, Type::token(), "result");
}

void verifyRecv(VerifyContext &c) {
  if (!checkTokenOperand(c)) return;
  if (!checkChannelType(c, kHostToDevice)) return;
  if (!checkPayloadAndToken(c, "results", "results", "results")) return;
  checkSourceTargetPairs(c, false, "I5", "C1", "C2", "C3", "C4");
}

// ---------------------------------------------------------------------------
// infeed and outfeed

/// `layout`: one list of integers per payload result.
void checkInfeedLayout(VerifyContext &c) {
  const Attribute *layout = c.attribute("layout");
  if (!layout) return;
  if (layout->kind != Attribute::Kind::Array) {
    c.error(c.attributeRange("layout"), "layout", "layout must be an array of integer arrays, got " + layout->str());
    return;
  }
  size_t payload = c.numResults() - 1;
  if (layout->elements.size() != payload) {
    c.error(c.attributeRange("layout"), "layout",
            "layout has " + str(static_cast<int64_t>(layout->elements.size())) + " entries but there are " +
                str(static_cast<int64_t>(payload)) + " payload results (all results but the token)");
    return;
  }
  for (const Attribute &entry : layout->elements) {
    if (entry.kind != Attribute::Kind::Array) {
      c.error(entry.range.size() ? entry.range : c.attributeRange("layout"), "layout",
              "layout entries must be arrays of integers, got " + entry.str());
      return;
    }
    for (const Attribute &leaf : entry.elements) {
      if (leaf.kind != Attribute::Kind::Integer) {
        c.error(leaf.range.size() ? leaf.range : c.attributeRange("layout"), "layout",
                "layout entries must hold integers, got " + leaf.str());
        return;
      }
    }
  }
}

void verifyInfeed(VerifyContext &c) {
  if (!checkTokenOperand(c)) return;
  if (!checkPayloadAndToken(c, "C1", "C2", "C3")) return;
  checkInfeedLayout(c);
}

void verifyOutfeed(VerifyContext &c) {
  if (c.numResults() != 1) {
    c.error(c.nameRange(), "results", "expects 1 result (a token), got " + str(static_cast<int64_t>(c.numResults())));
    return;
  }
  if (!checkInputsAndToken(c, "I2")) return;
  c.checkInferred(0, Type::token(), "result");
}

// ---------------------------------------------------------------------------
// after_all, create_token

void verifyAfterAll(VerifyContext &c) {
  if (c.numResults() != 1) {
    c.error(c.nameRange(), "results", "expects 1 result (a token), got " + str(static_cast<int64_t>(c.numResults())));
    return;
  }
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (t.valid() && !t.isToken()) {
      c.error(c.operandRange(i), "I1",
              "input #" + str(static_cast<int64_t>(i)) + " must be a !stablehlo.token, got " + t.str());
      c.relateOperand(i);
      return;
    }
  }
  c.checkInferred(0, Type::token(), "result");
}

void verifyCreateToken(VerifyContext &c) {
  if (!checkArity(c, 0, 1)) return;
  c.checkInferred(0, Type::token(), "result");
}

}  // namespace

void registerCommunicationOps(OpRegistry &r) {
  r.add("stablehlo.send", verifySend, inferToken);
  r.add("stablehlo.recv", verifyRecv);
  r.add("stablehlo.infeed", verifyInfeed);
  r.add("stablehlo.outfeed", verifyOutfeed, inferToken);
  r.add("stablehlo.after_all", verifyAfterAll, inferToken);
  r.add("stablehlo.create_token", verifyCreateToken, inferToken);
}

}  // namespace shlo::verify
