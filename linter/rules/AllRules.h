// One function per rule file in this folder, each returning its rule; the
// registry (RuleRegistry.cpp) lists them in code order.
#pragma once

#include "linter/Patterns.h"
#include "linter/Rule.h"

namespace shlo::linter::rules {

Rule deprecatedOp();             // SHLO001
Rule opConsideredForRemoval();   // SHLO002
Rule complexComparison();        // SHLO003
Rule windowReversal();           // SHLO004
Rule unusedResult();             // SHLO101
Rule unusedPrivateFunction();    // SHLO102
Rule unreachableBranch();        // SHLO103
Rule integerDivisionByZero();    // SHLO104
Rule floatEquality();            // SHLO201
Rule narrowAccumulation();       // SHLO202
Rule lossyConvertRoundTrip();    // SHLO203
Rule naiveSoftmax();             // SHLO204
Rule logOfSoftmax();             // SHLO205
Rule redundantConvert();         // SHLO301
Rule redundantReshape();         // SHLO302
Rule identityTranspose();        // SHLO303
Rule identityBroadcast();        // SHLO304
Rule wholeSlice();               // SHLO305
Rule zeroPad();                  // SHLO306
Rule addZero();                  // SHLO307
Rule multiplyOne();              // SHLO308
Rule splatConstant();            // SHLO309
Rule largeConstant();            // SHLO310
Rule inferableDynamicDimension(); // SHLO311
Rule f64InModel();               // SHLO401
Rule backendCustomCall();        // SHLO402
Rule collectivesWithoutGrid();   // SHLO403
Rule genericForm();              // SHLO501
Rule quotedSymbolName();         // SHLO502
Rule valueNameStyle();           // SHLO503

}  // namespace shlo::linter::rules
