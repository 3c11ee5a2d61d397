// Both goals skipped; the existing output directory still compiled; nothing written or deleted.
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('ArgONNX: skipped (argonnx.skip=true); previously-generated from an earlier run stays a source root') : log
// generate-tests has no earlier output to keep.
assert log.readLines().count { it == '[INFO] ArgONNX: skipped (argonnx.skip=true)' } == 1 : log
assert new File(basedir, 'target/classes/com/example/generated/Kept.class').isFile()
assert new File(basedir, 'target/classes/com/example/App.class').isFile()
assert new File(basedir, 'previously-generated/com/example/generated/Kept.java').isFile()
assert !new File(basedir, 'previously-generated/.argonnx-generate.state').exists()
assert !new File(basedir, 'target/generated-test-sources').exists()
true
