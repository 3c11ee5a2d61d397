// See pom.xml for the three builds and the marker.
def log = new File(basedir, 'build.log').getText('UTF-8')
def lines = log.readLines().findAll { it.contains('ArgONNX: ') }
// Each goal's summary line names its output directories; generate also writes the Vector API loops.
def mainRoots = 'target/generated-sources/argonnx, target/generated-sources/argonnx-vector'
def roots = [(mainRoots): ['target/generated-sources/argonnx', 'target/generated-sources/argonnx-vector'],
             'target/generated-test-sources/argonnx': ['target/generated-test-sources/argonnx']]
def marker = new File(basedir, 'target/run-marker/.argonnx-generate.state')
assert marker.isFile()

roots.each { root, directories ->
    def where = ' in ' + java.util.regex.Pattern.quote(root) + '$'
    def generated = ~(/ArgONNX: (\d+) files? generated \((\d+) written, (\d+) unchanged, (\d+) stale removed\)/ + where)
    def upToDate = ~(/ArgONNX: up to date \((\d+) files?\)/ + where)
    def mine = lines.findAll { it.endsWith(" in $root") }
    assert mine.size() == 3 : "three builds, one line each for $root:\n${lines.join('\n')}"

    def first = (mine[0] =~ generated)
    assert first.find() : mine[0]
    int total1 = first.group(1) as int
    assert first.group(2) as int == total1 && first.group(4) as int == 0

    def second = (mine[1] =~ upToDate)
    assert second.find() : "build 2 must find $root up to date: ${mine[1]}"
    assert second.group(1) as int == total1

    def third = (mine[2] =~ generated)
    assert third.find() : mine[2]
    int total3 = third.group(1) as int, written3 = third.group(2) as int
    int unchanged3 = third.group(3) as int, stale3 = third.group(4) as int
    assert written3 + unchanged3 == total3
    assert total3 + stale3 == total1 : 'narrowing the types only removes files'

    def files = []
    directories.each { directory ->
        new File(basedir, directory).eachFileRecurse(groovy.io.FileType.FILES) {
            if (!it.name.startsWith('.argonnx-')) files << it
        }
    }
    assert files.size() == total3
    assert files.every { !it.name.contains('Int64') } : "int64 files must be gone: $files"
    def older = files.findAll { it.lastModified() < marker.lastModified() }
    def newer = files.findAll { it.lastModified() > marker.lastModified() }
    assert older.size() == unchanged3 : "files build 3 left unchanged must date from build 1: $older"
    assert newer.size() == written3 : "files build 3 wrote: $newer"
}
def kernels = new File(basedir, 'target/generated-sources/argonnx/io/github/argonnx/internal/kernels')
assert kernels.list()?.findAll { it.endsWith('Kernel.java') } == ['ArgMaxFloatKernel.java']
assert new File(basedir, 'target/generated-sources/argonnx-vector/io/github/argonnx/internal/kernels/vector').list() as Set ==
        ['ArgMaxFloatVectorLoops.java', 'package-info.java'] as Set
assert lines.findAll { it.endsWith(" in $mainRoots") }[2] =~ /[1-9]\d* unchanged, [1-9]\d* stale removed/
true
