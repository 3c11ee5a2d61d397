// docs/using-from.md's module-info.java is this project's, and the module runs from the module path with the
// SIMD loops on: ArgONNX's jars are automatic modules named by their manifests.
def normalise = { String text -> text.replaceAll(/\s+/, ' ').trim() }
def page = new File(repoRoot, 'docs/using-from.md').getText('UTF-8')
def snippet = (page =~ /(?s)<!-- snippet:module-info -->\n```java\n(.*?)```/)
assert snippet.find() : 'docs/using-from.md has no module-info snippet'
def moduleInfo = new File(basedir, 'src/main/java/module-info.java').getText('UTF-8')
assert normalise(moduleInfo) == normalise(snippet.group(1)) : "docs/using-from.md's module-info.java is not this project's:\n${snippet.group(1)}"

// The page's command starts the module as this script does below.
def command = (page =~ /(?s)requires both:.*?```sh\n(.*?)```/)
assert command.find() : 'docs/using-from.md has no command after the module-info snippet'
def words = normalise(command.group(1).replace('\\\n', ' '))
['java --add-modules jdk.incubator.vector --module-path ', ' --module com.example.app/com.example.app.Main'].each {
    assert words.contains(it) : "docs/using-from.md's command lacks '$it': $words"
}

def jar = new File(basedir, 'target/jpms-consumer-1.0.jar')
assert jar.isFile()
def version = (new File(basedir, 'pom.xml').getText('UTF-8') =~ /(?s)<artifactId>argonnx-kernels<\/artifactId>\s*<version>([^<]+)<\/version>/)[0][1]
def published = { String artifactId ->
    def file = new File(localRepositoryPath, "io/github/argonnx/$artifactId/$version/$artifactId-${version}.jar")
    assert file.isFile() : file
    file
}
def modulePath = [jar, published('argonnx-kernels'), published('argonnx-runtime')]*.path.join(File.pathSeparator)
def java = new File(System.getProperty('java.home'), 'bin/java').path
def process = [java, '--add-modules', 'jdk.incubator.vector', '--module-path', modulePath,
               '--module', 'com.example.app/com.example.app.Main'].execute()
def out = new StringBuilder(), err = new StringBuilder()
process.waitForProcessOutput(out, err)
def output = out.toString() + err.toString()
println output
assert process.exitValue() == 0 : output
assert out.toString().contains('indices: [2, 1]') : output
assert out.toString() =~ /(?m)^modules: com\.example\.app io\.github\.argonnx io\.github\.argonnx\.runtime$/ : output
assert out.toString() =~ /(?m)^status: SIMD loops on: Vector API/ : output
true
