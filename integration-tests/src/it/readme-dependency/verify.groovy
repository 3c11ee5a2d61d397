// The README's dependency snippet is what this project declares, and with it the README's example runs.
def normalise = { String text -> text.replaceAll(/\s+/, ' ').trim() }
def readme = new File(repoRoot, 'README.md').getText('UTF-8')
def snippet = (readme =~ /(?s)## Use it\s*```xml\n(.*?)```/)
assert snippet.find() : 'README.md has no XML block under "## Use it"'
def pom = normalise(new File(basedir, 'pom.xml').getText('UTF-8'))
assert pom.contains(normalise(snippet.group(1))) : "the README's dependency snippet is not what this project declares:\n${snippet.group(1)}"

def suite = new File(basedir, 'target/surefire-reports/TEST-com.example.ReadmeDependencyTest.xml').getText('UTF-8')
assert suite =~ /<testsuite [^>]*\btests="2"/
assert suite =~ /<testsuite [^>]*\bfailures="0"/ && suite =~ /<testsuite [^>]*\berrors="0"/
true
