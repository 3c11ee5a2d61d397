// <models> alone selects what the two node-test models need (ArgMax-13 and ArgMin-13 for float), the
// requirements file says per node where that came from, and the application reads each model's nodes as ready
// operators of the subset (OnnxModel.operators with ArgReductionOperator::forNode) and runs them.
def jar = new File(basedir, 'target/models-consumer-1.0.jar')
assert jar.isFile()
def entries = new java.util.zip.ZipFile(jar).withCloseable { z -> z.entries().collect { it.name } }
def kernels = entries.findAll { it ==~ /com\/example\/onnx\/internal\/kernels\/\w+Kernel\.class/ }.sort()
assert kernels == ['com/example/onnx/internal/kernels/ArgMaxFloatKernel.class',
                   'com/example/onnx/internal/kernels/ArgMinFloatKernel.class'] : kernels

def requirements = new File(basedir, 'target/argonnx/model-requirements.txt').getText('UTF-8')
println requirements
assert requirements.contains("src/main/onnx/argmax_keepdims_example.onnx: ArgMax (node 0) in main graph: ArgMax-13 (ai.onnx opset 13), input float from graph input 'data'\n")
assert requirements.contains("src/main/onnx/argmin/argmin_no_keepdims_example.onnx: ArgMin (node 0) in main graph: ArgMin-13 (ai.onnx opset 13), input float from graph input 'data'\n")
assert requirements.contains('generated: ArgMax versions 13; types float\ngenerated: ArgMin versions 13; types float\n')
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('ArgONNX: 2 models need ArgMax versions 13; types float | ArgMin versions 13; types float') : log

def jarOf = { String group, String artifact ->
    def dir = new File(localRepositoryPath, group.replace('.', '/') + "/$artifact")
    def found = []
    dir.eachFileRecurse { if (it.name ==~ /${artifact}-[^-]+(-SNAPSHOT)?\.jar/) found << it }
    assert found.size() == 1 : "$artifact: $found"
    found[0].path
}
def classpath = [jar.path, jarOf('io.github.argonnx', 'argonnx-runtime'), jarOf('io.github.argonnx', 'argonnx-onnx'),
                 jarOf('com.google.protobuf', 'protobuf-java')].join(File.pathSeparator)
def java = new File(System.getProperty('java.home'), 'bin/java').path
def process = [java, '-cp', classpath, 'com.example.Main', 'src/main/onnx/argmax_keepdims_example.onnx',
               'src/main/onnx/argmin/argmin_no_keepdims_example.onnx'].execute(null, basedir)
def out = new StringBuilder(), err = new StringBuilder()
process.waitForProcessOutput(out, err)
def output = out.toString() + err.toString()
println output
assert process.exitValue() == 0 : output
assert out.toString().contains('ArgMax (node 0) in main graph: ArgMax-13{axis=1, keepdims=1} -> [0, 1] shape [2, 1], [data] to [result]') : output
assert out.toString().contains('ArgMin (node 0) in main graph: ArgMin-13{axis=1, keepdims=0} -> [1, 0] shape [2], [data] to [result]') : output
true
