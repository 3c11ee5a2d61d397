// Generated from src/main/argonnx (ArgMax 13, float only) into com.example.custom, without @Generated.
import java.security.MessageDigest

def log = new File(basedir, 'build.log').getText('UTF-8')
def main = new File(basedir, 'target/generated-sources/argonnx')
def tests = new File(basedir, 'target/generated-test-sources/argonnx')
assert log =~ /ArgONNX: \d+ files? generated \(\d+ written, 0 unchanged, 0 stale removed\) in target\/generated-sources\/argonnx/

// The state records the custom spec by content, so editing it regenerates.
def spec = new File(basedir, 'src/main/argonnx/ArgMax.yaml')
def sha = MessageDigest.getInstance('SHA-256').digest(spec.bytes).encodeHex().toString()
def state = new File(main, '.argonnx-generate.state').getText('UTF-8')
assert state.contains("input spec.ArgMax.yaml=$sha\n") : state
assert state.contains('input specs=directory\n') : state
assert state.contains('input config.packageName=com.example.custom\n') : state
assert state.contains('input config.generatedAnnotation=NONE\n') : state
assert state.contains('root DOC ../../generated-docs/argonnx\n') : state

// Docs land in their own directory, recorded in the main goal's manifest by kind and path below it.
def docs = new File(basedir, 'target/generated-docs/argonnx')
def docFiles = []
if (docs.isDirectory()) {
    docs.eachFileRecurse(groovy.io.FileType.FILES) { docFiles << it }
}
assert !docFiles.isEmpty() : 'emitDocs=true generated no docs'
docFiles.each { doc ->
    def path = 'DOC ' + docs.toPath().relativize(doc.toPath()).toString().replace(File.separatorChar, '/' as char)
    assert state =~ /(?m)^file [0-9a-f]{64} ${java.util.regex.Pattern.quote(path)}$/ : "$path is not in the manifest"
    assert !doc.getText('UTF-8').contains('\r')
}

def generated = []
[main, tests].each { root ->
    if (root.isDirectory()) {
        root.eachFileRecurse(groovy.io.FileType.FILES) { if (it.name.endsWith('.java')) generated << it }
    }
}
generated.each { f ->
    def text = f.getText('UTF-8')
    assert text =~ /(?m)^package com\.example\.custom(\.\w+)*;/ : "$f is outside packageName"
    assert !text.contains('@Generated') : "$f carries @Generated although generatedAnnotation=none"
    assert !(f.name =~ /(Double|Float16|Bfloat16|U?[Ii]nt\d+)Kernel/) : "only float is in the spec: $f"
}
def kernels = new File(main, 'com/example/custom/internal/kernels')
assert kernels.list()?.findAll { it.endsWith('Kernel.java') } == ['ArgMaxFloatKernel.java']
// The spec's worked example becomes a generated test, and it ran.
def examples = new File(tests, 'com/example/custom/examples/ArgMaxFloatExamplesTest.java')
assert examples.isFile() && examples.getText('UTF-8').contains('keepdims_example') : examples
assert log =~ /Tests run: [1-9]\d*, Failures: 0, Errors: 0/
true
