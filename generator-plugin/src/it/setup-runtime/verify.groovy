// The consumers depend on this jar: it must hold the runtime core and nothing generated.
def jar = new File(basedir, 'target/argonnx-it-runtime-1.0.jar')
assert jar.isFile() : "runtime core jar not built: $jar"
def entries = new java.util.zip.ZipFile(jar).withCloseable { z -> z.entries().collect { it.name } }
def classes = entries.findAll { it.endsWith('.class') }
assert classes.any { it == 'io/github/argonnx/runtime/ReductionPlan.class' } : classes
assert classes.every { it.startsWith('io/github/argonnx/runtime/') } : classes
true
