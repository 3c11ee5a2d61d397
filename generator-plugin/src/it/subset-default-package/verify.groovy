// The default package, io.github.argonnx, generated and run against argonnx-runtime alone.
def log = new File(basedir, 'build.log').getText('UTF-8')
def classes = new File(basedir, 'target/classes/io/github/argonnx')
assert new File(classes, 'ArgMin.class').isFile()
assert new File(classes, 'internal/kernels/ArgMinInt32Kernel.class').isFile()
assert !new File(classes, 'ArgMax.class').exists() : 'ArgMax was not selected'

// No argonnx-kernels anywhere in this build, and the runtime jar holds the runtime packages alone (API and
// internal), so the generated io.github.argonnx classes cannot meet a second copy of themselves.
assert !log.contains('argonnx-kernels') : 'argonnx-kernels must not be on the class path'
def repo = new File(localRepositoryPath, 'io/github/argonnx/argonnx-runtime')
def jars = []
repo.eachFileRecurse(groovy.io.FileType.FILES) { if (it.name.endsWith('.jar') && !it.name.endsWith('-tests.jar')) jars << it }
assert jars.size() == 1 : jars
def entries = new java.util.zip.ZipFile(jars[0]).withCloseable { z -> z.entries().collect { it.name }.findAll { it.endsWith('.class') } }
assert !entries.isEmpty() && entries.every { it.startsWith('io/github/argonnx/runtime/')
        || it.startsWith('io/github/argonnx/internal/runtime/') } : entries

def reports = new File(basedir, 'target/surefire-reports')
def suites = reports.listFiles().findAll { it.name.endsWith('.xml') }.collect { it.getText('UTF-8') }
def count = { String text, String attribute -> (text =~ /<testsuite [^>]*\b${attribute}="(\d+)"/)[0][1].toInteger() }
assert suites.any { it.contains('name="com.example.DefaultPackageTest"') } : 'the hand-written test did not run'
assert suites.size() > 1 : 'the generated tests did not run'
assert suites.every { count(it, 'failures') == 0 && count(it, 'errors') == 0 }
true
