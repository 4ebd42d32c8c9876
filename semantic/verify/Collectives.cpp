// Collectives and communication (spec: all_gather, all_reduce, all_to_all, reduce_scatter, collective_permute, collective_broadcast, collective_reduce, send, recv, infeed, outfeed, after_all, replica_id, partition_id).
#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

void registerCollectiveOps(OpRegistry &r) { (void)r; }

}  // namespace shlo::verify
