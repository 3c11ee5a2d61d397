// 17 is a model's opset, not an ArgMax version. One problem says so and names <modelOpsets>;
// the type filter is not also reported as accepting nothing (it did three times before).
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('ArgONNX: invalid configuration (1 problem):') : log
assert log.contains("<versions> (property argonnx.versions): '17' is not an ArgMax version (1, 11, 12, 13); for a"
        + " model's opset use <modelOpsets> (at opset 17: ArgMax-13)") : log
assert !log.contains('is accepted by no selected operator version') : log
assert !new File(basedir, 'target/generated-sources/argonnx').exists()
true
