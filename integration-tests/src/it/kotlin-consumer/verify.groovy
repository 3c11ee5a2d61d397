// docs/using-from.md's Kotlin example is this project's source, and the compiled program gives the answers its
// comments state, with the SIMD loops on.
def page = new File(repoRoot, 'docs/using-from.md').getText('UTF-8')
def snippet = (page =~ /(?s)<!-- snippet:kotlin -->\n```kotlin\n(.*?)```/)
assert snippet.find() : 'docs/using-from.md has no Kotlin snippet'
def source = new File(basedir, 'src/main/kotlin/Main.kt').getText('UTF-8')
assert source == snippet.group(1) : "docs/using-from.md's Kotlin example is not this project's Main.kt:\n${snippet.group(1)}"

def jar = new File(basedir, 'target/kotlin-consumer-1.0.jar')
assert jar.isFile()
def pom = new File(basedir, 'pom.xml').getText('UTF-8')
def versionOf = { String artifactId -> (pom =~ /(?s)<artifactId>${artifactId}<\/artifactId>\s*<version>([^<]+)<\/version>/)[0][1] }
def published = { String group, String artifactId, String version ->
    def file = new File(localRepositoryPath, "${group.replace('.', '/')}/$artifactId/$version/$artifactId-${version}.jar")
    assert file.isFile() : file
    file
}
def argonnx = versionOf('argonnx-kernels')
def classPath = [jar, published('io.github.argonnx', 'argonnx-kernels', argonnx),
                 published('io.github.argonnx', 'argonnx-runtime', argonnx),
                 published('org.jetbrains.kotlin', 'kotlin-stdlib', versionOf('kotlin-stdlib'))]*.path.join(File.pathSeparator)
def java = new File(System.getProperty('java.home'), 'bin/java').path
def process = [java, '--add-modules', 'jdk.incubator.vector', '-cp', classPath, 'MainKt'].execute()
def out = new StringBuilder(), err = new StringBuilder()
process.waitForProcessOutput(out, err)
def output = out.toString() + err.toString()
println output
assert process.exitValue() == 0 : output
assert out.toString().readLines().take(2) == ['[2, 1]', '[0, 0, 0]'] : output
assert out.toString() =~ /(?m)^SIMD loops on: Vector API/ : output
true
