def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('argonnx:generate') && log.contains('argonnx:generate-tests') : log
['specDirectory', 'outputDirectory', 'testOutputDirectory', 'docsDirectory', 'packageName', 'operators', 'versions', 'modelOpsets', 'compileVectorLoops',
 'types', 'emitTests', 'emitDocs', 'skip', 'generatedAnnotation', 'models', 'modelRequirementsFile'].each { parameter ->
    assert log.readLines().any { it ==~ /    ${parameter}( \(Default:.*)?/ } : "help lacks $parameter"
}
assert log.contains('User property: argonnx.types') : log
true
