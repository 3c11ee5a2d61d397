// One problem, naming the two parameters that replace <opsets>; nothing generated.
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('ArgONNX: invalid configuration (1 problem):') : log
assert log.contains("<opsets> (property argonnx.opsets): is not a parameter; for operator versions (since_version,"
        + " such as 13) use <versions> (property argonnx.versions), for a model's opset import (such as 17) use"
        + " <modelOpsets> (property argonnx.modelOpsets)") : log
assert !log.contains('is accepted by no selected operator version') : 'no cascade into the types'
assert !new File(basedir, 'target/generated-sources/argonnx').exists()
true
