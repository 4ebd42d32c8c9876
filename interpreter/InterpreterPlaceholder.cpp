// Replaced as the interpreter's sources land.
namespace shlo::interpreter {}
