// Both bad values are reported, each with the parameter, its property, the value and what is allowed.
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('BUILD FAILURE')
assert log.contains('ArgONNX: invalid configuration (2 problems):') : log
assert log.contains("<types> (property argonnx.types): 'flaot' is not an ONNX element type name; allowed: bfloat16,"
        + ' double, float, float16, int16, int32, int64, int8, uint16, uint32, uint64, uint8') : log
assert log.contains("<packageName> (property argonnx.packageName): 'com.example.switch' is not a Java package name") : log
assert !new File(basedir, 'target/generated-sources/argonnx').exists()
true
