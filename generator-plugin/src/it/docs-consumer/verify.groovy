// The documented consumer POM builds, its compiler execution compiles the SIMD loops, and they run.
def log = new File(basedir, 'build.log').getText('UTF-8')
assert new File(basedir, 'target/classes/com/example/onnx/internal/kernels/vector/ArgMaxFloatVectorLoops.class').isFile()
assert log.contains('INFO: ArgONNX: SIMD loops on: Vector API') : 'the runtime did not say it runs the SIMD loops'
assert !log.contains('packaging error')

def reports = new File(basedir, 'target/surefire-reports')
def suite = new File(reports, 'TEST-com.example.SimdLoopsTest.xml').getText('UTF-8')
assert suite =~ /<testsuite [^>]*\btests="2"/
assert suite =~ /<testsuite [^>]*\bfailures="0"/ && suite =~ /<testsuite [^>]*\berrors="0"/

// What docs/maven-plugin.md shows is what this test builds: each XML block of the page's consumer POM and
// of its SIMD section (blank-insensitive) is in this pom.xml.
def normalise = { String text -> text.replaceAll(/\s+/, ' ').trim() }
def pom = normalise(new File(basedir, 'pom.xml').getText('UTF-8'))
def docs = new File(repoRoot, 'docs/maven-plugin.md').getText('UTF-8')
def blocks = (docs =~ /(?s)```xml\n(.*?)```/).collect { it[1] }
assert blocks.size() >= 2 : 'docs/maven-plugin.md lost its XML blocks'
def consumer = blocks[0]
def inner = { String xml, String tag -> def m = (xml =~ /(?s)(<${tag}>.*<\/${tag}>)/); assert m.find() : "no <$tag> in the docs' POM"; m.group(1) }
assert pom.contains(normalise(inner(consumer, 'dependencies').replaceAll(/(?s)\s*<\/dependencies>$/, ''))) : 'the docs\' <dependencies> differ'
def argonnxPlugin = (consumer =~ /(?s)(<plugin>\s*<groupId>io.github.argonnx<\/groupId>.*?<\/plugin>)/)
assert argonnxPlugin.find()
assert pom.contains(normalise(argonnxPlugin.group(1))) : 'the docs\' argonnx-maven-plugin block differs'
def vectorExecution = (consumer =~ /(?s)(<execution>\s*<id>compile-vector<\/id>.*?<\/execution>)/)
assert vectorExecution.find() : 'the docs\' consumer POM lacks the compile-vector execution'
assert pom.contains(normalise(vectorExecution.group(1))) : 'the docs\' compile-vector execution differs'
true
