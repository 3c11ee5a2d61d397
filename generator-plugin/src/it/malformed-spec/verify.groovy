// The failure names every problem of specs/Broken.yaml at its line and column, in Maven's error output.
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('BUILD FAILURE')
assert log.contains('ArgONNX: 3 problems in specs:\n') : log
assert !log.contains('problems in the specs') : 'the problems are listed once'
[
    'specs/Broken.yaml:13:9: ArgMax-13: unknown key \'defualt\' in an attribute',
    'specs/Broken.yaml:27:40: ArgMax-13: unknown type \'tensor(float33)\'',
    'specs/Broken.yaml:29:11: expected \'examples\' to be a list',
].each { expected ->
    assert log.readLines().any { it.startsWith('[ERROR]   ' + expected) } :
            "missing in the build output: $expected\n$log"
}
assert !new File(basedir, 'target/generated-sources/argonnx').exists() : 'nothing is generated from a bad spec'
true
