// The README's subset snippet is what this project builds, and its jar, started with the Vector API module,
// runs the SIMD loops the plugin compiled, with nothing logged at WARNING.
def normalise = { String text -> text.replaceAll(/\s+/, ' ').trim() }
def readme = new File(repoRoot, 'README.md').getText('UTF-8')
def snippet = (readme =~ /(?s)## Generate your own subset.*?```xml\n(.*?)```/)
assert snippet.find() : 'README.md has no XML block under "## Generate your own subset"'
def pom = normalise(new File(basedir, 'pom.xml').getText('UTF-8'))
assert pom.contains(normalise(snippet.group(1))) : "the README's subset snippet is not what this project builds:\n${snippet.group(1)}"

def jar = new File(basedir, 'target/readme-subset-1.0.jar')
assert jar.isFile()
def entries = new java.util.zip.ZipFile(jar).withCloseable { z -> z.entries().collect { it.name } }
assert entries.contains('com/example/onnx/internal/kernels/vector/ArgMaxFloatVectorLoops.class') : entries
assert entries.contains('com/example/onnx/internal/kernels/vector/ArgMaxInt64VectorLoops.class') : entries

def version = (new File(basedir, 'pom.xml').getText('UTF-8') =~ /(?s)<artifactId>argonnx-runtime<\/artifactId>\s*<version>([^<]+)<\/version>/)[0][1]
def runtime = new File(localRepositoryPath, "io/github/argonnx/argonnx-runtime/$version/argonnx-runtime-${version}.jar")
assert runtime.isFile() : runtime
def java = new File(System.getProperty('java.home'), 'bin/java').path
def process = [java, '--add-modules', 'jdk.incubator.vector', '-cp', jar.path + File.pathSeparator + runtime.path,
               'com.example.Main'].execute()
def out = new StringBuilder(), err = new StringBuilder()
process.waitForProcessOutput(out, err)
def output = out.toString() + err.toString()
println output
assert process.exitValue() == 0 : output
assert out.toString().contains('indices: [2, 1] [2]') : output
assert out.toString() =~ /(?m)^status: SIMD loops on: Vector API/ : output
assert out.toString() =~ /(?m)^warnings: 0$/ : output
// The JVM's own notice of the incubator module is the one WARNING line allowed on stderr.
def warnings = err.toString().readLines().findAll { it.contains('WARNING') && it != 'WARNING: Using incubator modules: jdk.incubator.vector' }
assert warnings.isEmpty() && !output.contains('packaging error') : output
true
