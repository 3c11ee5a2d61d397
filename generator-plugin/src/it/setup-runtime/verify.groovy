// The consumers depend on these jars: the runtime core, and the test support generated tests call.
def entries = { String name ->
    def jar = new File(basedir, "target/$name")
    assert jar.isFile() : "not built: $jar"
    new java.util.zip.ZipFile(jar).withCloseable { z -> z.entries().collect { it.name }.findAll { it.endsWith('.class') } }
}
def runtime = entries('argonnx-it-runtime-1.0.jar')
assert runtime.contains('io/github/argonnx/runtime/ReductionPlan.class') : runtime
assert runtime.every { it.startsWith('io/github/argonnx/runtime/') } : runtime
def testSupport = entries('argonnx-it-runtime-1.0-tests.jar')
def referenceSources = new File(kernelsSources, 'test/java/io/github/argonnx/reference')
if (referenceSources.isDirectory()) {
    assert testSupport.any { it.startsWith('io/github/argonnx/reference/') } : testSupport
}
assert testSupport.every { it.startsWith('io/github/argonnx/reference/') && !it.contains('Test.class') } : testSupport
true
