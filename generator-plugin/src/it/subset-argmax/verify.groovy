// ArgMax only, float and int64, version 13, in com.example.argmax: generated, compiled, tests run.
def log = new File(basedir, 'build.log').getText('UTF-8')
def main = new File(basedir, 'target/generated-sources/argonnx')
def tests = new File(basedir, 'target/generated-test-sources/argonnx')

def summary = ~/ArgONNX: (\d+) files? generated \((\d+) written, 0 unchanged, 0 stale removed\) in (.+)$/
def runs = log.readLines().collect { line -> (line =~ summary) }.findAll { it.find() }
assert runs.size() == 2 : "one summary line per goal expected:\n$log"
assert runs*.group(3) as Set == ['target/generated-sources/argonnx, target/generated-sources/argonnx-vector',
        'target/generated-test-sources/argonnx'] as Set
runs.each { assert it.group(1) == it.group(2) : 'a first run writes every file' }

assert new File(main, '.argonnx-generate.state').isFile()
assert new File(tests, '.argonnx-generate-tests.state').isFile()

def javaFiles = { File root ->
    def found = []
    if (root.isDirectory()) {
        root.eachFileRecurse(groovy.io.FileType.FILES) { if (it.name.endsWith('.java')) found << it }
    }
    found
}
def mainFiles = javaFiles(main)
def testFiles = javaFiles(tests)

(mainFiles + testFiles).each { f ->
    def text = f.getText('UTF-8')
    assert !text.contains('\r') : "$f has CR line endings"
    assert text.contains('Do not edit') : "$f lacks the generated-file header"
    def pkg = (text =~ /(?m)^package ([\w.]+);/)
    assert pkg.find() : "$f has no package"
    def root = mainFiles.contains(f) ? main : tests
    def dir = root.toPath().relativize(f.parentFile.toPath()).toString().replace(File.separatorChar, '.' as char)
    assert pkg.group(1) == dir : "$f declares package ${pkg.group(1)} but sits in $dir"
    assert pkg.group(1).startsWith('com.example.argmax') : "$f is outside packageName"
    assert !f.name.contains('ArgMin') : "ArgMin was not selected: $f"
}

def kernels = new File(main, 'com/example/argmax/internal/kernels')
def kernelNames = kernels.list()?.findAll { it.endsWith('Kernel.java') } as Set
assert kernelNames == ['ArgMaxFloatKernel.java', 'ArgMaxInt64Kernel.java'] as Set : kernelNames

def validators = (new File(main, 'com/example/argmax/internal/validation').list() ?: []).findAll { it != 'package-info.java' }
assert !validators.isEmpty() && validators.every { it.startsWith('ArgMaxV13') } : "only version 13 was selected: $validators"

// The Vector API loops are generated into their own directory, which the plugin leaves out of the compile
// roots and compiles itself, with the incubator module, into the classes beside the kernels.
def vector = new File(basedir, 'target/generated-sources/argonnx-vector/com/example/argmax/internal/kernels/vector')
assert (vector.list().findAll { it.endsWith('.java') } as Set) ==
        ['ArgMaxFloatVectorLoops.java', 'ArgMaxInt64VectorLoops.java', 'package-info.java'] as Set
assert new File(basedir, 'target/classes/com/example/argmax/internal/kernels/ArgMaxFloatKernel.class').isFile()
assert (new File(basedir, 'target/classes/com/example/argmax/internal/kernels/vector').list().findAll { it.endsWith('Loops.class') } as Set) ==
        ['ArgMaxFloatVectorLoops.class', 'ArgMaxInt64VectorLoops.class'] as Set
assert log.contains('ArgONNX: 2 Vector API loop classes compiled (--add-modules jdk.incubator.vector) into target/classes')

// The Tensor of a float/int64 subset has those types' factories and no other's, in the compiled class too.
def tensorSource = new File(main, 'com/example/argmax/Tensor.java').getText('UTF-8')
def factories = (tensorSource =~ /public static Tensor (of\w+)\(/).collect { it[1] } as Set
assert factories == ['ofFloat', 'ofInt64', 'ofRawData'] as Set : factories
// The class file's constant pool holds the name of every method it declares.
def tensorClass = new File(basedir, 'target/classes/com/example/argmax/Tensor.class').getText('ISO-8859-1')
assert tensorClass.contains('ofFloat') && tensorClass.contains('ofInt64')
['ofInt8', 'ofUint8', 'ofInt16', 'ofUint16', 'ofInt32', 'ofUint32', 'ofUint64', 'ofDouble', 'ofFloat16', 'ofBfloat16'].each {
    assert !tensorClass.contains(it) : "$it in the compiled Tensor of a float/int64 subset"
}

assert !testFiles.isEmpty() : 'generate-tests generated nothing'
def reports = new File(basedir, 'target/surefire-reports')
assert reports.isDirectory() : 'generated tests were not run'
def suites = reports.listFiles().findAll { it.name.endsWith('.xml') }.collect { it.getText('UTF-8') }
def count = { String text, String attribute -> (text =~ /<testsuite [^>]*\b${attribute}="(\d+)"/)[0][1].toInteger() }
assert suites.size() == testFiles.count { it.name.endsWith('Test.java') } : 'every generated test class ran'
assert suites.sum { count(it, 'tests') } > 0 : 'no generated test ran'
assert suites.every { count(it, 'failures') == 0 && count(it, 'errors') == 0 }
true
